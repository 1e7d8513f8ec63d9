import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useCrudText } from '../../crud/i18n';
import { useT } from '../../i18n';
import { flowApi } from '../flow/flowApi';

/** What the two buttons say: approve/reject, or on the applicant's adjust task resubmit/withdraw. */
export type DecisionKind = 'approval' | 'adjust';

const BUTTONS = {
  approval: { yes: 'work.approve', no: 'work.reject' },
  adjust: { yes: 'work.resubmit', no: 'work.withdraw' },
} as const;

/** A comment and the two decisions of a task; each completes it (complete-task {taskId, flag, comment}). */
export function DecisionForm({
  taskId,
  kind = 'approval',
  onDone,
}: {
  taskId: string;
  kind?: DecisionKind;
  onDone: () => void;
}) {
  const t = useT();
  const crud = useCrudText();
  const { message } = App.useApp();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<boolean | null>(null);
  // a rejection says why (the server refuses one without); withdrawing one's own request need not
  const needsReason = kind === 'approval';
  const [reasonMissing, setReasonMissing] = useState(false);
  const decide = async (flag: boolean) => {
    if (!flag && needsReason && !comment.trim()) {
      setReasonMissing(true);
      return;
    }
    setBusy(flag);
    try {
      await flowApi.complete({ taskId, flag, comment: comment.trim() });
      void message.success(crud.t('operationSuccess'));
      onDone();
    } catch {
      // shown by the HTTP client (403 not entitled, 409 already completed)
    } finally {
      setBusy(null);
    }
  };
  const labels = BUTTONS[kind];
  return (
    <Form layout="vertical" className="work-decision">
      <Form.Item
        label={t('flow.comment')}
        extra={needsReason && !reasonMissing ? t('work.rejectNeedsComment') : undefined}
        validateStatus={reasonMissing ? 'error' : undefined}
        help={reasonMissing ? t('work.enterRejectComment') : undefined}
      >
        <Input.TextArea
          id="work-comment"
          rows={3}
          maxLength={2000}
          value={comment}
          aria-invalid={reasonMissing}
          onChange={(e) => {
            setComment(e.target.value);
            if (e.target.value.trim()) setReasonMissing(false);
          }}
        />
      </Form.Item>
      <Space>
        <Button
          type="primary"
          loading={busy === true}
          disabled={busy === false}
          onClick={() => void decide(true)}
        >
          {t(labels.yes)}
        </Button>
        <Button danger loading={busy === false} disabled={busy === true} onClick={() => void decide(false)}>
          {t(labels.no)}
        </Button>
      </Space>
    </Form>
  );
}
