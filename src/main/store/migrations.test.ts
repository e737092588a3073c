import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventStore } from './event-store';
import { LATEST_VERSION, MIGRATIONS, type Migration, migrate, SchemaTooNewError } from './migrations';
import { started } from './test-events';

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-migrations-'));
  file = path.join(dir, 'hermes.db');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function versions(): number[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT version FROM schema_version ORDER BY version').pluck().all() as number[];
  } finally {
    db.close();
  }
}

describe('migrations', () => {
  it('apply once and leave the data alone on every later open', () => {
    const first = EventStore.open(file);
    first.append('r1', started());
    first.close();
    for (let i = 0; i < 3; i++) {
      const again = EventStore.open(file);
      expect(again.events('r1')).toHaveLength(1);
      expect(again.integrityCheck()).toBe('ok');
      again.close();
    }
    expect(versions()).toEqual(MIGRATIONS.map((m) => m.version));
    expect(LATEST_VERSION).toBe(MIGRATIONS.at(-1)?.version);
  });

  it('refuse a database from a newer schema with a clear message and leave it untouched', () => {
    EventStore.open(file).close();
    const db = new Database(file);
    db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(LATEST_VERSION + 5, 0);
    db.close();

    expect(() => EventStore.open(file)).toThrow(SchemaTooNewError);
    expect(() => EventStore.open(file)).toThrow(
      `The database uses schema version ${LATEST_VERSION + 5}, but this Hermes Studio only knows versions up to ${LATEST_VERSION}`,
    );
    expect(versions().at(-1)).toBe(LATEST_VERSION + 5);
  });

  it('apply only the new steps, in order, to an existing database', () => {
    EventStore.open(file).close();
    const db = new Database(file);
    const applied: number[] = [];
    const later: Migration[] = [
      { version: LATEST_VERSION + 2, up: () => applied.push(LATEST_VERSION + 2) },
      ...MIGRATIONS,
      {
        version: LATEST_VERSION + 1,
        up: (d) => {
          applied.push(LATEST_VERSION + 1);
          d.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY)');
        },
      },
    ];
    expect(migrate(db, later)).toBe(LATEST_VERSION + 2);
    expect(applied).toEqual([LATEST_VERSION + 1, LATEST_VERSION + 2]);
    expect(migrate(db, later)).toBe(LATEST_VERSION + 2);
    expect(applied).toHaveLength(2);
    db.close();
  });

  it('roll a failing step back entirely', () => {
    EventStore.open(file).close();
    const db = new Database(file);
    const broken: Migration[] = [
      ...MIGRATIONS,
      {
        version: LATEST_VERSION + 1,
        up: (d) => {
          d.exec('CREATE TABLE half_done (id INTEGER)');
          d.exec('INSERT INTO no_such_table VALUES (1)');
        },
      },
    ];
    expect(() => migrate(db, broken)).toThrow(/no such table/);
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half_done'").pluck().get()).toBe(0);
    db.close();
    expect(versions()).toEqual(MIGRATIONS.map((m) => m.version));
  });
});
