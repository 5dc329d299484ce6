// Kysely table types. Times are integer milliseconds since the epoch (bigint in PostgreSQL, parsed to
// number by connect.ts), so both engines compare and sort them the same way.
import type { Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: string;
  /** HMAC-SHA256(phoneHashKey, phone), hex: the lookup key for login. Unique. */
  phone_hash: string;
  /** AES-256-GCM ciphertext of the phone number (see services/phone-protection.ts). */
  phone_enc: string;
  status: 'active' | 'deregistered';
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: string;
  /** SHA-256 of the access token, hex. The token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSessionRow = Insertable<SessionsTable>;
