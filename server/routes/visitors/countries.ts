import { asc } from 'drizzle-orm';
import { type Country } from '../../../src/domain/contract/visitors';
import { type Database } from '../../db/client';
import { countries } from '../../db/schema/visitors';

/** Every country the venue lists, as the forms' nationality choices and the visitor details show them. */
export async function listCountries(db: Database): Promise<Country[]> {
  const rows = await db.select().from(countries).orderBy(asc(countries.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    ar_name: row.arName,
    iso_2: row.iso2,
    iso_3: row.iso3,
    dialling_code: row.diallingCode,
    currency_name: row.currencyName,
    currency_code: row.currencyCode,
    currency_symbol: row.currencySymbol,
  }));
}
