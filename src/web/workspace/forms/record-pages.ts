/** What a kind whose records the staff keep by hand gives record-routes.ts: its commands, its form, its pages. */
import type { CursorCodec } from '../../../crm/data/cursor.js';
import type { KeysetPage } from '../../../crm/data/keyset-page.js';
import type { Filter } from '../../../crm/data/list-shape.js';
import type { CustomList } from './custom-list.js';
import type { ResourceDefinition, RowOf } from '../../../api/resource-definition.js';
import type { Db } from '../../../db/database.js';
import type { FieldProblem } from '../../../errors.js';
import type { Actor } from '../../../policy/actor.js';
import type { Change, Command, Removal } from '../../../writes/unit-of-work.js';
import type { Refusal } from '../../../writes/refusal.js';
import type { CustomForm } from './custom-fields.form.js';
import type { FieldErrors } from './form-fields.js';
import type { NotesSection } from '../notes/notes.view.js';
import type { WorkspaceVisitor } from '../workspace-visitor.js';

export type Kind = 'accounts' | 'contacts';
export type FormValues = Record<string, string>;

export interface ListView<Row> {
  q: string;
  /** The custom fields shown as columns and filtered on (custom-list.ts), and the kind's fields. */
  custom: CustomList;
  customForm: Omit<CustomForm, 'typed'>;
  rows: Row[];
  next: string | undefined;
  prev: string | undefined;
  total: number;
  notice: string | undefined;
}

export interface FormView {
  /** The record being edited (absent on new). */
  record?: { id: string; name: string; version: string };
  values: FormValues;
  errors: FieldErrors;
  /** The record as saved now, when the save came after someone else's (stale.view.ts). */
  saved?: FormValues | undefined;
  /** The organization's custom fields of the kind, with the values typed (custom-fields.form.ts). */
  custom: CustomForm;
}

export type WithCustom = { custom_fields?: Readonly<Record<string, unknown>> | undefined };

/**
 * A kind's pages see its records as its face's values: `decode` is its codec's. The forms' version
 * and custom values are read from the row here, beneath the kind's pages.
 */
export interface RecordPages<Table extends Kind, Input extends WithCustom, Value extends { id: string }> {
  kind: Table;
  definition: ResourceDefinition<Table>;
  decode(row: RowOf<Table>): Value;
  commands: {
    create: Command<Input, Value | Refusal>;
    update: Command<Change<Input>, Value | Refusal>;
    remove: Command<Removal, undefined | Refusal>;
  };
  problems(db: Db, actor: Actor, input: Input, current?: Value): Promise<readonly FieldProblem[]>;
  page(
    db: Db,
    cursors: CursorCodec,
    organizationId: string,
    page: {
      q: string;
      after?: string | undefined;
      before?: string | undefined;
      size: number;
      custom: readonly Filter[];
    },
  ): Promise<KeysetPage<Value>>;
  /** The form's field names; `blank` are a new record's values (the query may fill some in). */
  fields: readonly string[];
  blank(v: WorkspaceVisitor, query: Readonly<Record<string, string | undefined>>): FormValues;
  valuesOf(value: Value): FormValues;
  input(values: FormValues): Input;
  nameOf(value: Value): string;
  /** What goes with a deleted record, or stays, in plain words. */
  deletion: string;
  listPage(db: Db, v: WorkspaceVisitor, view: ListView<Value>): Promise<string>;
  formPage(db: Db, v: WorkspaceVisitor, view: FormView): Promise<string>;
  detailPage(
    db: Db,
    v: WorkspaceVisitor,
    value: Value,
    extras: { notice: string | undefined; notes: NotesSection; custom: Omit<CustomForm, 'typed'> },
  ): Promise<string>;
}
