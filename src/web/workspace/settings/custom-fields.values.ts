/**
 * The form of a custom field's definition, read and written: its values as the form holds them
 * (options as rows of value, label and archived, three blank rows to add more), and what the form
 * asks of the rules (the API's attributes of /v2/custom_fields, so the same rules judge it).
 */
import type {
  CustomFieldDefinition,
  CustomFieldInput,
  CustomRecordType,
} from '../../../crm/custom-field-definitions/index.js';
import { type Form, formText } from '../../forms.js';

export interface OptionValues {
  value: string;
  label: string;
  /** 'yes' when ticked. */
  archived: string;
}

export interface DefinitionValues {
  key: string;
  label: string;
  field_type: string;
  help_text: string;
  required: string;
  on_inquiry_form: string;
  options: OptionValues[];
}

export const SELECT_TYPES: ReadonlySet<string> = new Set(['select', 'multi_select']);
export const ON_FORM_TYPES: ReadonlySet<string> = new Set(['bookings', 'contacts']);
const BLANK_ROWS = 3;
const MOST_ROWS = 210;

const blank = (): OptionValues => ({ value: '', label: '', archived: '' });
const withBlanks = (rows: OptionValues[]) => [...rows, ...Array.from({ length: BLANK_ROWS }, blank)];

/** A new field's form. */
export const newDefinitionValues = (): DefinitionValues => ({
  key: '',
  label: '',
  field_type: 'text',
  help_text: '',
  required: '',
  on_inquiry_form: '',
  options: withBlanks([]),
});

/** The form's values of a definition as saved. */
export function definitionValuesOf(field: CustomFieldDefinition): DefinitionValues {
  return {
    key: field.key,
    label: field.label,
    field_type: field.fieldType,
    help_text: field.helpText ?? '',
    required: field.required ? 'yes' : '',
    on_inquiry_form: field.onInquiryForm ? 'yes' : '',
    options: withBlanks(
      field.options.map((o) => ({ value: o.value, label: o.label, archived: o.archived ? 'yes' : '' })),
    ),
  };
}

/** The form's values as posted; option rows left blank are dropped, three blank ones added again. */
export function definitionValuesPosted(body: Form): DefinitionValues {
  const options: OptionValues[] = [];
  for (let i = 0; i < MOST_ROWS && `options/${i}/value` in body; i++) {
    const row = {
      value: formText(body, `options/${i}/value`).trim(),
      label: formText(body, `options/${i}/label`).trim(),
      archived: formText(body, `options/${i}/archived`) === 'yes' ? 'yes' : '',
    };
    if (row.value || row.label) options.push(row);
  }
  const ticked = (name: string) => (formText(body, name) === 'yes' ? 'yes' : '');
  return {
    key: formText(body, 'key').trim(),
    label: formText(body, 'label'),
    field_type: formText(body, 'field_type'),
    help_text: formText(body, 'help_text'),
    required: ticked('required'),
    on_inquiry_form: ticked('on_inquiry_form'),
    options: withBlanks(options),
  };
}

/**
 * What the form asks of the rules: a new field names its record type and key and goes last; a
 * change names neither. Options go only with a select's type; the inquiry form only where it may.
 */
export function definitionInput(
  values: DefinitionValues,
  made: { recordType: CustomRecordType; position?: number },
): CustomFieldInput {
  const options = values.options
    .filter((o) => o.value || o.label)
    .map((o) => ({ value: o.value, label: o.label, archived: o.archived === 'yes' }));
  return {
    ...(made.position === undefined
      ? {}
      : { record_type: made.recordType, key: values.key, position: made.position }),
    label: values.label,
    field_type: values.field_type,
    ...(SELECT_TYPES.has(values.field_type) ? { options } : {}),
    required: values.required === 'yes',
    help_text: values.help_text.trim() || null,
    ...(ON_FORM_TYPES.has(made.recordType) ? { on_inquiry_form: values.on_inquiry_form === 'yes' } : {}),
  };
}

/** The posted values as hidden fields' name → value, to carry through the type change's preview. */
export function hiddenValues(values: DefinitionValues): Array<[string, string]> {
  return [
    ['label', values.label],
    ['field_type', values.field_type],
    ['help_text', values.help_text],
    ['required', values.required],
    ['on_inquiry_form', values.on_inquiry_form],
    ...values.options.flatMap((o, i): Array<[string, string]> => [
      [`options/${i}/value`, o.value],
      [`options/${i}/label`, o.label],
      [`options/${i}/archived`, o.archived],
    ]),
  ];
}
