import { type Database } from '../db/client';

/** What every plugin of the API needs: the database and the clock (injected so tests can fix "now"). */
export type AppContext = { db: Database; now: () => Date };
