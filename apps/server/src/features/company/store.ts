import type { Company } from '@papo/contract/company';
import type { FastifyInstance } from 'fastify';
import type { CachedValue } from '../../lib/conditional.js';
import { cachesOf, type Maybe } from '../../lib/shared-cache.js';
import { findCompany, updateCompany, type CompanyFields } from './repo.js';

/**
 * The company record, read on every page (brand, footer) and changed only by staff: served from the
 * node's memory, forgotten on every node by any commit that writes the table (decision 053).
 */
export function companyStore(app: FastifyInstance) {
  const cache = cachesOf(app).cache<number, Company>('company', (id) => findCompany(app.db, id));
  return {
    /** The record, at once when this node keeps it (no promise), else loaded. */
    read: (id: number): Maybe<CachedValue<Company> | undefined> => cache.read(id),
    async update(id: number, fields: CompanyFields): Promise<boolean> {
      return updateCompany(app.db, id, fields);
    },
  };
}
