import type { Role } from '../../src/shared/domain/roles';

/**
 * The seeded staff. They all share one password so a demo can sign in as any of them; the first is
 * the account `npm run bench` signs in with. This is test data: never seed a production database.
 */
export const SEED_PASSWORD = 'estate-bench-2026';

export const BENCH_USER = { username: 'bench', password: SEED_PASSWORD } as const;

export const SEED_USERS: ReadonlyArray<{ username: string; fullName: string; email: string; role: Role }> = [
  { username: BENCH_USER.username, fullName: 'Bench Runner', email: 'bench@northgate.example', role: 'org_admin' },
  { username: 'amanda.clarke', fullName: 'Amanda Clarke', email: 'amanda.clarke@northgate.example', role: 'asset_manager' },
  { username: 'dev.patel', fullName: 'Dev Patel', email: 'dev.patel@northgate.example', role: 'surveyor' },
  { username: 'sian.hughes', fullName: 'Sian Hughes', email: 'sian.hughes@northgate.example', role: 'surveyor' },
  { username: 'tom.baker', fullName: 'Tom Baker', email: 'tom.baker@northgate.example', role: 'area_manager' },
];
