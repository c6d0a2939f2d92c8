import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../db/database.ts';
import { pendingMigrations } from '../../db/migrate.ts';

/** The database's part of readiness: it answers, and which migrations are not applied yet. */
export const databaseAnswers = (app: Pick<FastifyInstance, 'db'>) => pingDatabase(app.db);
export const unappliedMigrations = (app: Pick<FastifyInstance, 'db'>) => pendingMigrations(app.db);
