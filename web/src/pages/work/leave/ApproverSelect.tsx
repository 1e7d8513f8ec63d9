import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { getData } from '../../../api/http';
import { useT } from '../../../i18n';

interface UserRow {
  id: string;
  realName?: string | null;
  account?: string | null;
}

/** "王五 (wangwu)": the real name with the account that tells namesakes apart. */
export const userLabel = (u: UserRow): string =>
  u.realName && u.account ? `${u.realName} (${u.account})` : (u.realName ?? u.account ?? u.id);

/** Picks the approver: the first 50 users whose real name contains the typed text. */
export function ApproverSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const realName = useDeferredValue(search.trim());
  const { data, isFetching } = useQuery({
    queryKey: ['leave-approvers', realName],
    queryFn: () =>
      getData<{ records: UserRow[] }>('/blade-user/page', {
        params: { current: 1, size: 50, realName: realName || undefined },
      }),
    staleTime: 30_000,
  });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={onChange}
      loading={isFetching}
      placeholder={t('leave.approverPlaceholder')}
      options={(data?.records ?? []).map((u) => ({ value: String(u.id), label: userLabel(u) }))}
    />
  );
}
