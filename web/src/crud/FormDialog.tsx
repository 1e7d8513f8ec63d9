import type { ResourceDef } from '@blade/schema';
import { Col, Form, Row as GridRow } from 'antd';
import { type ComponentType, type CSSProperties, useEffect, useId, useMemo, useState } from 'react';
import { DialogRow } from './dialogRow';
import { FieldInput } from './FieldInput';
import { EMPTY_TEXT, FieldText } from './FieldText';
import { dialogFields, type FormMode, isDisabled, type Row } from './fields';
import { fromFormValues, toFormValues } from './formValues';
import { useCrudText } from './i18n';
import { refusedField } from './refusedField';
import { fieldRules, orderRules } from './rules';
import { SubmitModal } from './SubmitModal';
import type { OptionsSource } from './useRefOptions';

export interface FormDialogProps {
  resource: ResourceDef;
  mode: FormMode;
  open: boolean;
  /** The row being edited or viewed, or a new row's starting values. */
  row: Row;
  /** Saves the body; a rejection keeps the dialog open with its loading released. */
  onSave: (body: Row) => Promise<void>;
  onClose: () => void;
  /** Where ref fields' options come from, by field name. */
  sources?: Record<string, OptionsSource> | undefined;
  /** A page's own controls by field name (the package's menu tree). */
  inputs?: Record<string, CustomInput> | undefined;
}

/** What Form.Item passes a page's own control: the field's id (its label points at it), value and onChange. */
export interface CustomInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}

/** A page's own control for a field. */
export type CustomInput = ComponentType<CustomInputProps>;

const WIDE_TYPES = new Set(['longtext', 'richtext', 'refs']);
/** Viewed values keep their line breaks (JSON, addresses) and wrap long words. */
const VIEW_VALUE: CSSProperties = { display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' };

/**
 * The add, edit and view dialog of a declared resource: fields, rules with the declared messages,
 * disabled-on-add/edit, and a loading state that is released whether the save succeeds or fails.
 * Viewing shows values as lists do (dictionary names, yuan), and "-" for an empty one.
 */
export function FormDialog({ resource, mode, open, row, onSave, onClose, sources, inputs }: FormDialogProps) {
  const { t, label, language } = useCrudText();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  // a name of its own, so control ids (and label links) stay unique with several forms on a page
  const formName = `crud-form${useId()}`;
  const fields = useMemo(() => dialogFields(resource, mode), [resource, mode]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toFormValues(fields, row));
  }, [open, row, form, fields]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const body = fromFormValues(fields, values);
      await onSave(mode === 'edit' && row.id ? { ...body, id: row.id } : body);
    } catch (error) {
      // The HTTP client has shown the server's message; one naming a field also goes under it.
      const refused = refusedField(
        error,
        fields.map((f) => f.name),
      );
      if (refused) {
        form.setFields([{ name: refused.name, errors: [refused.message] }]);
        form.scrollToField(refused.name);
      }
    } finally {
      setSaving(false);
    }
  };

  const title = t(mode === 'add' ? 'add' : mode === 'edit' ? 'edit' : 'view');
  return (
    <SubmitModal
      title={title}
      open={open}
      width={resource.ui?.dialogWidth ?? 880}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
      footer={mode === 'view' ? null : undefined}
    >
      <DialogRow.Provider value={row}>
        <Form form={form} name={formName} layout="vertical" disabled={mode === 'view'} className="crud-form">
          <GridRow gutter={16}>
            {fields.map((field) => {
              const Custom = inputs?.[field.name];
              // Two columns from tablet width; a phone gets one, so each control keeps a usable width.
              const span = WIDE_TYPES.has(field.type) ? 24 : 12;
              // Viewing reads values; a page's own control stays only where it shows more than text.
              if (mode === 'view' && (!Custom || field.type === 'image' || field.type === 'file'))
                return (
                  <Col key={field.name} xs={24} sm={span}>
                    {/* an <output> is labelable: the value is found by its field's label */}
                    <Form.Item
                      label={label(field.label)}
                      htmlFor={`${formName}_${field.name}`}
                      className="crud-view-item"
                    >
                      <output id={`${formName}_${field.name}`} className="crud-view-value" style={VIEW_VALUE}>
                        <FieldText
                          field={field}
                          resource={resource}
                          value={row[field.name]}
                          empty={EMPTY_TEXT}
                        />
                      </output>
                    </Form.Item>
                  </Col>
                );
              const order = orderRules(field, language);
              return (
                <Col key={field.name} xs={24} sm={span}>
                  <Form.Item
                    name={field.name}
                    label={label(field.label)}
                    rules={mode === 'view' ? [] : [...fieldRules(field, language), ...order.rules]}
                    dependencies={order.dependencies}
                    extra={field.hint && !isDisabled(field, mode) ? label(field.hint) : undefined}
                  >
                    {Custom ? (
                      <Custom disabled={isDisabled(field, mode)} />
                    ) : (
                      <FieldInput
                        field={field}
                        resource={resource}
                        purpose="form"
                        disabled={isDisabled(field, mode)}
                        source={sources?.[field.name]}
                      />
                    )}
                  </Form.Item>
                </Col>
              );
            })}
          </GridRow>
        </Form>
      </DialogRow.Provider>
    </SubmitModal>
  );
}
