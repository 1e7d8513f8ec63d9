import { type FormEvent, useState } from 'react';
import type { DeptOption, RoleOption } from '../../api/user';
import { type MessageKey, useT } from '../../i18n';
import { StepButtons } from './StepButtons';

interface Props {
  depts: DeptOption[];
  roles: RoleOption[];
  deptId: string;
  roleId: string;
  submitting: boolean;
  onSubmit: (choice: { deptId: string; roleId: string }) => void;
  onBack: () => void;
}

/** Switch mode at sign-in: the user picks a department and a role (plain elements, no antd). */
export function DeptRoleChoice(props: Props) {
  const t = useT();
  const [deptId, setDeptId] = useState(props.depts.some((d) => d.id === props.deptId) ? props.deptId : '');
  const [roleId, setRoleId] = useState(props.roles.some((r) => r.id === props.roleId) ? props.roleId : '');
  const [errors, setErrors] = useState<MessageKey[]>([]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: MessageKey[] = [];
    if (!deptId) next.push('switch.deptRequired');
    if (!roleId) next.push('switch.roleRequired');
    setErrors(next);
    if (next.length === 0) props.onSubmit({ deptId, roleId });
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <div className="login-head">
        <h2>{t('switch.title')}</h2>
      </div>
      <label className="login-field" htmlFor="login-dept">
        <span className="login-label">{t('switch.dept')}</span>
        <select id="login-dept" value={deptId} onChange={(e) => setDeptId(e.target.value)}>
          <option value="" />
          {props.depts.map((d) => (
            <option key={d.id} value={d.id}>
              {d.deptName}
            </option>
          ))}
        </select>
        {errors.includes('switch.deptRequired') ? (
          <span className="login-field-error">{t('switch.deptRequired')}</span>
        ) : null}
      </label>
      <label className="login-field" htmlFor="login-role">
        <span className="login-label">{t('switch.role')}</span>
        <select id="login-role" value={roleId} onChange={(e) => setRoleId(e.target.value)}>
          <option value="" />
          {props.roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.roleName}
            </option>
          ))}
        </select>
        {errors.includes('switch.roleRequired') ? (
          <span className="login-field-error">{t('switch.roleRequired')}</span>
        ) : null}
      </label>
      <StepButtons submitting={props.submitting} submitLabel="login.submit" onBack={props.onBack} />
    </form>
  );
}
