import { useQuery } from '@tanstack/react-query';
import { getData } from './http';

/** What a new password must meet (系统参数 account.passwordMinLength), as the server answers it. */
export interface PasswordPolicy {
  minLength: number;
}

/** The server's default, used until its answer arrives. */
const DEFAULT_MIN_LENGTH = 8;

/**
 * The shortest password a form accepts. Only the form can check a length: the server receives the
 * md5 digest, and refuses what a digest shows (the account name, common passwords) by itself.
 */
export function usePasswordMinLength(): number {
  const { data } = useQuery({
    queryKey: ['password-policy'],
    queryFn: () => getData<PasswordPolicy>('/blade-user/password-policy'),
    staleTime: 5 * 60_000,
  });
  return data?.minLength ?? DEFAULT_MIN_LENGTH;
}
