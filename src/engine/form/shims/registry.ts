/**
 * Build-time stand-in for RJSF's `getDefaultRegistry`, which puts every field, template and widget
 * of @rjsf/core into every form page. Our forms need the core fields for objects, arrays, strings,
 * numbers, booleans and null (the array field loaded on demand), the templates the theme does not replace, and the hidden widget
 * (every other widget is the theme's, named by each field's flow). Left out: the oneOf/anyOf,
 * layout-grid, optional-data and cyclic-schema fields and their templates, and core's own widgets:
 * `npm run check:config` refuses the schema keywords that would need them in schemas/forms/.
 * Wired by `resolve.alias` in vite.config.ts (and in the unit tests, which render every form
 * through it).
 */
import {
  DEFAULT_ID_PREFIX,
  DEFAULT_ID_SEPARATOR,
  englishStringTranslator,
  type FieldProps,
  type Registry,
} from '@rjsf/utils';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import ArrayFieldDescriptionTemplate from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
import ArrayFieldItemButtonsTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemButtonsTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
import BaseInputTemplate from '@rjsf/core/lib/components/templates/BaseInputTemplate.js';
import ButtonTemplates from '@rjsf/core/lib/components/templates/ButtonTemplates/index.js';
import DescriptionField from '@rjsf/core/lib/components/templates/DescriptionField.js';
import FieldErrorTemplate from '@rjsf/core/lib/components/templates/FieldErrorTemplate.js';
import FieldHelpTemplate from '@rjsf/core/lib/components/templates/FieldHelpTemplate.js';
import TitleField from '@rjsf/core/lib/components/templates/TitleField.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import WrapIfAdditionalTemplate from '@rjsf/core/lib/components/templates/WrapIfAdditionalTemplate.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import { lazyPart } from '../theme/lazy';

// Only the contact details form has an array field: its code loads when a form needs it (the
// form waits for it, see theme/lazy.tsx).
const ArrayField = lazyPart<FieldProps>(
  'array',
  () => import('@rjsf/core/lib/components/fields/ArrayField.js'),
  'default',
);

/**
 * The parts of the registry the theme's templates and widgets are merged into. The theme supplies
 * FieldTemplate, ObjectFieldTemplate, ArrayFieldTemplate, ArrayFieldItemTemplate and
 * ErrorListTemplate (theme/index.ts), so core's are not needed.
 */
export default function getDefaultRegistry(): Omit<Registry, 'schemaUtils'> {
  return {
    fields: {
      ArrayField,
      BooleanField,
      NullField,
      NumberField,
      ObjectField,
      SchemaField,
      StringField,
    },
    templates: {
      ArrayFieldDescriptionTemplate,
      ArrayFieldItemButtonsTemplate,
      ArrayFieldTitleTemplate,
      BaseInputTemplate,
      ButtonTemplates: ButtonTemplates(),
      DescriptionFieldTemplate: DescriptionField,
      FieldErrorTemplate,
      FieldHelpTemplate,
      TitleFieldTemplate: TitleField,
      UnsupportedFieldTemplate: UnsupportedField,
      WrapIfAdditionalTemplate,
    } as Registry['templates'],
    widgets: { HiddenWidget },
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: {
      idPrefix: DEFAULT_ID_PREFIX,
      idSeparator: DEFAULT_ID_SEPARATOR,
      useFallbackUiForUnsupportedType: false,
    },
  };
}
