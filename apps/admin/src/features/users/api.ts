import type { ProtectionStatus } from '@lucky28/shared/schemas';
import { api } from '../../lib/api';

export interface UserRow {
  id: number;
  username: string;
  nickname: string;
  group_id: number;
  money: string;
  score: string;
  balance: string;
  shiming: number;
  frozen: boolean;
  created_at: number;
}

export interface PayAccount {
  type: number;
  acc: string;
  acc_name: string;
  acc_bank: string;
  mark: string;
}

export interface UserDetail extends UserRow {
  real_name: string;
  has_idcard: boolean;
  has_security_code: boolean;
  inviter: { id: number; username: string } | null;
  invitees: { total: number; list: { id: number; username: string; created_at: number }[] };
  sessions: { id: number; created_at: number; last_seen_at: number; expires_at: number; ip: string; user_agent: string; remember: boolean }[];
  accounts: PayAccount[];
  /** Responsible-gambling status: exclusion in force, limits, reality-check interval. */
  protection: ProtectionStatus | null;
}

export const userDetailQuery = (id: number) => ({ queryKey: ['user', id], queryFn: () => api<UserDetail>('userDetail', { id }) });
