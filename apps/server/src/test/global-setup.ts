import type { TestProject } from 'vitest/node';
import { createPostgresTemplate } from './db.js';

/**
 * Vitest global setup of the server projects: with TEST_DATABASE_URL, one PostgreSQL database migrated for the whole
 * run, which each test file's database copies (test/db.ts), dropped when the run ends.
 */
export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const template = await createPostgresTemplate();
  project.provide('postgresTemplate', template.name);
  return () => template.drop();
}
