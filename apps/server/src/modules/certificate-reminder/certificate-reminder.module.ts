import { defineModule } from '../../lib/kit/server-module.ts';
import { scopedTable } from '../../lib/kit/scoped-table.ts';
import { certificateReminderRoutes } from './certificate-reminder.routes.ts';
import { certificateReminderJob } from './reminder-job.ts';

/** The reminders sent for an organization: its history, gone with it (not named in the delete confirmation). */
const certificateReminders = scopedTable({
  table: 'certificate_reminders',
  alias: 'r',
  select: (db) => db.selectFrom('certificate_reminders as r').selectAll('r'),
  toView: (rows: { id: number }[]) => rows,
  sortColumns: { id: 'r.id' },
  dependent: { name: 'certificate_reminders', counted: false },
});

/** Daily certificate reminders and compliance by certificate type (issue 13, part 6). */
export const certificateReminderModule = defineModule({
  name: 'certificate-reminder',
  routes: [certificateReminderRoutes],
  dependents: [certificateReminders.dependent],
  jobs: [certificateReminderJob],
});
