import { defineModule } from '../../lib/kit/server-module.ts';
import { certificateReminders } from './certificate-reminder.repository.ts';
import { certificateReminderRoutes } from './certificate-reminder.routes.ts';
import { certificateReminderJob } from './reminder-job.ts';

/** Daily certificate reminders and compliance by certificate type (issue 13, part 6). */
export const certificateReminderModule = defineModule({
  name: 'certificate-reminder',
  routes: [certificateReminderRoutes],
  dependents: [certificateReminders.dependent],
  jobs: [certificateReminderJob],
});
