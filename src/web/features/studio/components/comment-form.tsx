/**
 * The required comment of a decision (approve or return a draft, roll back a version): the engine
 * form flows/forms/studio-comment.json with one button per action. The form checks the comment
 * first (error summary, focus on the field), then calls `onSubmit` with the button's action.
 */
import { useRef } from 'react';
import { Button, makeStyles, tokens, type ButtonProps } from '@fluentui/react-components';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as commentModule from '@/generated/validators/studio-comment';
import { portalConfig } from '@/web/lib/config';

const FORM = 'studio-comment';
const commentForm = loadPrecompiled(commentModule);

const useStyles = makeStyles({
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalM,
  },
});

export interface CommentAction<A extends string> {
  action: A;
  label: string;
  appearance?: ButtonProps['appearance'];
}

export function CommentForm<A extends string>({
  id,
  actions,
  busy,
  onSubmit,
  children,
}: {
  id: string;
  actions: readonly CommentAction<A>[];
  busy: boolean;
  onSubmit: (action: A, comment: string) => void;
  children?: React.ReactNode;
}) {
  const styles = useStyles();
  const chosen = useRef<A | undefined>(undefined);
  const flow = portalConfig().forms[FORM];
  if (!flow) throw new Error(`flows/forms/${FORM}.json is missing`);
  return (
    <SchemaForm
      id={id}
      flow={flow}
      schema={commentForm.schema}
      validator={commentForm.validator}
      busy={busy}
      hideSubmit
      onSubmit={(data) => {
        const action = chosen.current ?? actions[0]?.action;
        if (action !== undefined) onSubmit(action, String(data.comment ?? '').trim());
      }}
    >
      {children}
      <div className={styles.actions}>
        {actions.map(({ action, label, appearance }) => (
          <Button
            key={action}
            type="submit"
            appearance={appearance ?? 'secondary'}
            disabled={busy}
            onClick={() => {
              chosen.current = action;
            }}
          >
            {label}
          </Button>
        ))}
      </div>
    </SchemaForm>
  );
}
