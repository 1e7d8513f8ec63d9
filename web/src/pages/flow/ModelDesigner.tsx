import type { FieldDef } from '@blade/schema';
import { Alert, App, Col, Form, Row as Grid, Input, Modal } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { ApiError } from '../../api/http';
import { useCrudText } from '../../crud/i18n';
import { fieldNamed, resourceNamed } from '../../crud/registry';
import { fieldRules } from '../../crud/rules';
import { useT } from '../../i18n';
import { BpmnEditor, type EditorHandle } from './BpmnEditor';
import { minimalDiagram } from './bpmnXml';
import { CategorySelect } from './CategorySelect';
import { flowApi, type ModelInput } from './flowApi';

/** The model being designed: an existing one (with its XML) or a new one. */
export type DesignTarget = { mode: 'add' } | { mode: 'edit'; model: ModelInput };

type ModelFields = Omit<ModelInput, 'xml' | 'id'>;

// The fields of the flowModel declaration: their labels and rules are the ones the server checks.
const flowModel = resourceNamed('flowModel');
const [KEY, NAME, CATEGORY, DESCRIPTION] = ['modelKey', 'name', 'category', 'description'].map((name) =>
  fieldNamed(flowModel, name),
) as [FieldDef, FieldDef, FieldDef, FieldDef];

/** A declared field of the model in its column of the form: its label and rules are the declaration's. */
function FieldCol({ field, lg, children }: { field: FieldDef; lg: number; children: ReactNode }) {
  const crud = useCrudText();
  return (
    <Col xs={24} sm={12} lg={lg}>
      <Form.Item name={field.name} label={crud.label(field.label)} rules={fieldRules(field, crud.language)}>
        {children}
      </Form.Item>
    </Col>
  );
}

/** The designer: the model's fields above a bpmn-js modeler; saving validates on the server. */
export function ModelDesigner({
  target,
  onClose,
  onSaved,
}: {
  target: DesignTarget;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const crud = useCrudText();
  const { message } = App.useApp();
  const [form] = Form.useForm<ModelFields>();
  const editor = useRef<EditorHandle | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const existing = target.mode === 'edit' ? target.model : undefined;
  // the diagram is fixed when the dialog opens; the key and name are written into it on save
  const [xml] = useState(
    () => existing?.xml ?? minimalDiagram('process_1', t('flow.newModel'), t('flow.defaultTask')),
  );

  const save = async () => {
    // a refused field shows its message in the form: nothing more to do here
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    setSaving(true);
    setProblem('');
    try {
      const diagram = await editor.current?.xml({ id: fields.modelKey, name: fields.name });
      if (!diagram) return;
      await flowApi.saveModel({ ...fields, ...(existing?.id ? { id: existing.id } : {}), xml: diagram });
      void message.success(crud.t(existing ? 'updateSuccess' : 'addSuccess'));
      onSaved();
    } catch (e) {
      // the server names what is wrong with the diagram: keep it in view while the user fixes it
      if (e instanceof ApiError && e.message) setProblem(e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      className="flow-designer"
      title={t(existing ? 'flow.editModel' : 'flow.newModel')}
      width="96vw"
      style={{ top: 16 }}
      mask={{ closable: false }}
      okText={crud.t('submit')}
      cancelText={crud.t('cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        size="small"
        initialValues={{
          modelKey: existing?.modelKey ?? '',
          name: existing?.name ?? '',
          category: existing?.category ?? '',
          description: existing?.description ?? '',
        }}
      >
        <Grid gutter={12}>
          <FieldCol field={KEY} lg={6}>
            <Input id="flow-model-key" />
          </FieldCol>
          <FieldCol field={NAME} lg={6}>
            <Input id="flow-model-name" />
          </FieldCol>
          <FieldCol field={CATEGORY} lg={4}>
            <CategorySelect id="flow-model-category" />
          </FieldCol>
          <FieldCol field={DESCRIPTION} lg={8}>
            <Input id="flow-model-description" />
          </FieldCol>
        </Grid>
      </Form>
      {problem && (
        <Alert className="flow-problem" type="error" showIcon message={problem} style={{ marginBottom: 8 }} />
      )}
      <BpmnEditor xml={xml} handle={editor} />
    </Modal>
  );
}
