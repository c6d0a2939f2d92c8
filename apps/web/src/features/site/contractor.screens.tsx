import { contractorInput, type Contractor } from '@bo/shared/schemas/site';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';
import './i18n.ts';

const k = (key: string) => `contractor:${key}`;

/** 協力廠商 of the organization (issue 38): their workers are staff records with the contractor as company. */
export default {
  apiPath: '/api/admin/organization/contractors',
  schema: contractorInput,
  list: { sort: 'name', order: 'asc' },
  createLabel: k('create'),
  searchPlaceholder: k('searchPlaceholder'),
  rowName: (c) => c.name,
  leaseTarget: 'contractor',
  history: 'contractor',
  columns: [
    { key: 'name', title: k('name'), sortable: true },
    { key: 'tax_id', title: k('taxId') },
    { key: 'contact_name', title: k('contactName') },
    { key: 'contact_phone', title: k('contactPhone') },
    { key: 'worker_count', title: k('workers') },
    { key: 'updated_at', title: k('updated'), sortable: true },
  ],
  fields: [
    { name: 'name', label: k('name'), required: true, testId: 'contractor-name' },
    { name: 'tax_id', label: k('taxId'), extra: k('taxIdHint'), testId: 'contractor-tax-id' },
    { name: 'contact_name', label: k('contactName') },
    { name: 'contact_phone', label: k('contactPhone') },
    { name: 'contact_email', label: k('contactEmail'), extra: k('contactEmailHint'), testId: 'contractor-contact-email' },
    { name: 'notes', label: k('notes'), input: 'textarea' },
  ],
} satisfies ResourceScreensSpec<Contractor>;
