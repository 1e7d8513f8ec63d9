import type { FieldDef } from '@blade/schema';
import { Alert, App, Col, Form, Row as Grid, Input, Modal } from 'antd';
import { useRef, useState } from 'react';
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
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="modelKey" label={crud.label(KEY.label)} rules={fieldRules(KEY, crud.language)}>
              <Input id="flow-model-key" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="name" label={crud.label(NAME.label)} rules={fieldRules(NAME, crud.language)}>
              <Input id="flow-model-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={4}>
            <Form.Item
              name="category"
              label={crud.label(CATEGORY.label)}
              rules={fieldRules(CATEGORY, crud.language)}
            >
              <CategorySelect id="flow-model-category" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item
              name="description"
              label={crud.label(DESCRIPTION.label)}
              rules={fieldRules(DESCRIPTION, crud.language)}
            >
              <Input id="flow-model-description" />
            </Form.Item>
          </Col>
        </Grid>
      </Form>
      {problem && (
        <Alert className="flow-problem" type="error" showIcon message={problem} style={{ marginBottom: 8 }} />
      )}
      <BpmnEditor xml={xml} handle={editor} />
    </Modal>
  );
}
