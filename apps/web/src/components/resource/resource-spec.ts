import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { FeatureFlag, FeatureMenuEntry, TextKey } from '../../lib/feature.ts';
import type { ListDefaults } from './use-list-params.ts';
import type { BatchActionContext } from './resource-table.tsx';

/*
 * What a plain resource's screens are declared with (resource-screens.ts) and built from (the
 * generic list and form screens). Types only: the screens import them without importing
 * resource-screens.ts, which loads the screens. Texts are i18next keys (`<ns>:<path>`) of the
 * feature's i18n.ts, which the spec's module imports; the routes' titles are `route.<name>.list`,
 * `.create` (also the create dialog's title) and `.update` (i18n/admin-titles.ts).
 */

export interface ResourceColumn<T> {
  /** The row's field shown (and, with `sortable`, the server's sort key). */
  key: string;
  title: TextKey;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  /** The column opens the record (a link to its update screen); the first column unless one says so. */
  link?: boolean;
}

/** A custom input: an antd-style controlled component. */
export type FieldComponent = ComponentType<{ value?: never; onChange?: never; id?: string }>;
export type FieldInput = 'text' | 'textarea' | 'number' | 'select' | 'switch' | 'date' | FieldComponent;

export interface ResourceOption {
  value: string | number;
  label: TextKey;
}

export interface ResourceField {
  name: string;
  label: TextKey;
  /** Default 'text'. */
  input?: FieldInput;
  /** For 'select'. */
  options?: ResourceOption[];
  /** A hint under the field. */
  extra?: TextKey;
  /** Shows the required mark (the schema decides what is refused). */
  required?: boolean;
  /** data-testid of the input (text, textarea, number). */
  testId?: string;
}

/** A select above the list, kept in the URL and sent as a query parameter of `GET …/index`. */
export interface ResourceFilter {
  name: string;
  label: TextKey;
  options: ResourceOption[];
}

/** What the screens render: loaded with them (lazily) when it holds components or the schema. */
export interface ResourceScreensSpec<T extends { id: number } = { id: number } & Record<string, unknown>> {
  apiPath: string;
  /** The shared zod input schema: each field is checked by its shape's entry (field-rules' schemaRule). */
  schema: z.ZodObject;
  columns: ResourceColumn<T>[];
  fields: ResourceField[];
  filters?: ResourceFilter[];
  /** Values of a new record. */
  defaults?: Record<string, unknown>;
  list?: ListDefaults;
  /** How a row is named in the delete confirmation (default its first column's value). */
  rowName?: (row: T) => string;
  /** The create button's label (default "Create"). */
  createLabel?: TextKey;
  /** Testid of the list table (default `<name>-table`). */
  tableTestId?: string;
  /**
   * The resource declares a stored order (server kit `order`): those with `write` get the list's
   * "arrange order" view, rows dragged into order. `scope`: the filters naming one ordered list and the
   * value the view opens on (banners: `{ position: 'home' }`).
   */
  order?: { scope?: Record<string, string> };
  /** More actions in the list's header, before the create button. */
  listActions?: ComponentType<{ canWrite: boolean }>;
  /** More actions on the selected rows, before "delete" (for those with `write`), e.g. enable / disable. */
  batchActions?: ComponentType<BatchActionContext<T>>;
  /** The keyword box's placeholder (what the search looks in). */
  searchPlaceholder?: TextKey;
  /** The empty list's text when nothing exists yet (default "Nothing here yet"). */
  emptyText?: TextKey;
  /**
   * Below the update screen's form, once the record is loaded: what the screen shows of the record
   * beyond its fields and the actions on it (e.g. a member's devices and "send a reset mail").
   */
  detail?: ComponentType<{ record: T; canWrite: boolean }>;
  /** The update screen's header has "view on the website" (`GET {apiPath}/{id}/site-link`, site content). */
  siteLink?: boolean;
  /** The records' audit target type, for edit leases (issue 36); by default the feature's name with `_` for `-`. */
  leaseTarget?: string;
  /** The records go through the review workflow of issue 41 (their type there): the update screen has the review bar. */
  review?: 'banner' | 'video';
  /** The update screen's header has the record's History (its audit target type: `GET /api/admin/history/{history}/{id}`). */
  history?: string;
}

export type SpecLoader = () => Promise<{ default: ResourceScreensSpec<never> }>;

export interface ResourceScreensDeclaration {
  /** The feature's name, the routes' prefix (`<name>.list`, `<name>.create`, `<name>.update`) and the path under /admin. */
  name: string;
  path?: string;
  /** `read` opens the list and the update screen (read-only without `write`); `write` creates, saves and deletes. */
  roles: { read: readonly string[]; write: readonly string[] };
  flag?: FeatureFlag;
  /** Calls carry the active organization (an organization-scoped resource). */
  organization?: boolean;
  /**
   * 'dialog' creates in a dialog over the list (no create route), then opens the new record; false: the
   * records come from elsewhere (members sign up on the site): no create route, button or dialog. Default 'page'.
   */
  create?: 'page' | 'dialog' | false;
  menu: Omit<FeatureMenuEntry, 'route' | 'roles' | 'flag' | 'key'> & { key?: string };
  /** The spec inline, or its module loaded with the screens (keeps zod and custom renders out of the first chunk). */
  screens: ResourceScreensSpec<never> | SpecLoader;
}

/** What a generic screen is built from: the declaration with its spec loaded. */
export interface ResourceScreenConfig extends Omit<ResourceScreensDeclaration, 'screens' | 'menu'> {
  basePath: string;
  spec: ResourceScreensSpec;
}
