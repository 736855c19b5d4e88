import path from 'node:path';
import { z } from 'zod';
import { projectSchema } from '@folio/shared';
import type { Project } from '@folio/shared';
import { DurableJsonFile } from '@folio/shared/durable-file';

/** The owner's projects of the last good fetch from the code host (server/API.md §E20). */
export interface StoredProjects {
  /** The code-host account they were fetched for: another account's are never shown. */
  owner: string;
  /** When the fetch answered (ISO 8601). */
  fetched_at: string;
  projects: Project[];
}

export const PROJECTS_FILE = 'code-host-projects.json';

const storedProjectsSchema = z.object({
  owner: z.string(),
  fetched_at: z.string(),
  projects: z.array(projectSchema),
});

function readStored(dataDir: string): StoredProjects | null {
  try {
    const parsed = storedProjectsSchema.safeParse(new DurableJsonFile<unknown>(path.join(dataDir, PROJECTS_FILE)).readSync());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * `code-host-projects.json`: one small file, written atomically on its own after each good
 * fetch, outside the journal and the backups (the code host holds the projects; this only
 * bridges its outages).
 */
export class ProjectsRepository {
  private readonly file: DurableJsonFile<unknown>;

  private constructor(
    dataDir: string,
    private stored: StoredProjects | null,
  ) {
    this.file = new DurableJsonFile<unknown>(path.join(dataDir, PROJECTS_FILE));
  }

  /** Reads the file once; a missing, unreadable or hand-broken one counts as nothing fetched yet. */
  static open(dataDir: string): ProjectsRepository {
    return new ProjectsRepository(dataDir, readStored(dataDir));
  }

  /** The last good fetch for `owner`, or null when there was none. */
  lastGood(owner: string): StoredProjects | null {
    return this.stored?.owner === owner ? this.stored : null;
  }

  /** Keeps a good fetch; resolves once it is on disk. */
  async save(stored: StoredProjects): Promise<void> {
    await this.file.write(stored);
    this.stored = stored;
  }
}
