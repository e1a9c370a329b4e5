/**
 * What a draft changes, chosen by name (issue 44): the files of the draft's area as a list grouped
 * by where the debtor meets them (the groups of flows/studio/, in their order), each by its name
 * for people; never a file path. A file changed in the draft or not yet saved says so.
 */
import type { ChangeEvent } from 'react';
import { Field, Select, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PublishedContent } from '../api/types';

type NamedFile = PublishedContent['files'][number];

const useStyles = makeStyles({
  picker: { maxWidth: '560px' },
});

export function FileChooser({
  content,
  files,
  value,
  changed,
  unsaved,
  onChoose,
}: {
  content: PublishedContent;
  /** The files the draft may change. */
  files: readonly NamedFile[];
  value: string | undefined;
  changed: readonly string[];
  unsaved: readonly string[];
  onChoose: (path: string | undefined) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const label = (file: NamedFile) =>
    unsaved.includes(file.path)
      ? t('studio.editor.fileUnsaved', { name: file.name })
      : changed.includes(file.path)
        ? t('studio.editor.fileChanged', { name: file.name })
        : file.name;
  const known = new Set(content.groups.map((group) => group.id));
  const groups = [
    ...content.groups.map((group) => ({
      id: group.id,
      name: group.name,
      files: files.filter((file) => file.group === group.id),
    })),
    {
      id: '',
      name: t('studio.editor.otherGroup'),
      files: files.filter((file) => !known.has(file.group)),
    },
  ].filter((group) => group.files.length > 0);
  return (
    <Field className={styles.picker} label={t('studio.editor.file')}>
      <Select
        id="studio-file"
        value={value ?? ''}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          onChoose(event.target.value || undefined)
        }
      >
        <option value="">{t('studio.editor.chooseFile')}</option>
        {groups.map((group) => (
          <optgroup key={group.id} label={group.name}>
            {[...group.files]
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((file) => (
                <option key={file.path} value={file.path}>
                  {label(file)}
                </option>
              ))}
          </optgroup>
        ))}
      </Select>
    </Field>
  );
}
