import * as accounts from './schema/accounts';
import * as admissionTickets from './schema/admissionTickets';
import * as bookingMoves from './schema/bookingMoves';
import * as bookingPolicies from './schema/bookingPolicies';
import * as catalogue from './schema/catalogue';
import * as content from './schema/content';
import * as facilities from './schema/facilities';
import * as kiosk from './schema/kiosk';
import * as orders from './schema/orders';
import * as remoteConfig from './schema/remoteConfig';
import * as venue from './schema/venue';
import * as visitors from './schema/visitors';
import * as wallet from './schema/wallet';

/** Every area's tables in one object: the database is typed by it and a reset empties all of them. */
export const allTables = { ...venue, ...content, ...catalogue, ...accounts, ...facilities, ...visitors, ...orders, ...kiosk, ...bookingPolicies, ...bookingMoves, ...wallet, ...admissionTickets, ...remoteConfig };
