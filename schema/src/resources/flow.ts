import type { ResourceDef } from '../registry.js';
import { BPMN_MAX_BYTES, PROCESS_KEY } from '../rules.js';
import { act, t, text } from './fields.js';

/**
 * Process models: a BPMN diagram drawn in the designer, deployed as the next version of its
 * process. The designer adds and edits them (the web's ModelPage); the server checks the diagram
 * is one the engine runs before it is stored (modules/flow/model-hooks.ts).
 */
export const flowModel: ResourceDef = {
  name: 'flowModel',
  table: 'flow_model',
  path: '/blade-flow/model',
  label: t('模型设计', 'Models'),
  tenant: true,
  owner: 'tenant',
  permission: 'model',
  screen: {
    sort: 1,
    path: '/flow/model',
    icon: 'BranchesOutlined',
    actions: [act('deploy', t('部署', 'Deploy'), '/blade-flow/model/deploy', 'row')],
  },
  endpoints: ['list', 'detail', 'remove', 'submit'],
  order: { field: 'updateTime', direction: 'desc' },
  ui: { view: false },
  fields: [
    text('modelKey', t('模型标识', 'Model key'), {
      required: t('请输入模型标识', 'Enter the model key'),
      max: 64,
      pattern: {
        regex: PROCESS_KEY,
        message: t(
          '以字母或下划线开头，只含字母、数字、_ . -',
          'Starts with a letter or _; letters, digits, _ . - only',
        ),
      },
      search: 'prefix',
    }),
    text('name', t('模型名称', 'Model name'), {
      required: t('请输入模型名称', 'Enter the model name'),
      max: 200,
      search: 'like',
    }),
    { name: 'category', type: 'enum', dict: 'flow', label: t('流程分类', 'Category'), max: 64, search: 'eq' },
    text('description', t('描述', 'Description'), { max: 500 }),
    {
      name: 'updateTime',
      type: 'datetime',
      label: t('更新时间', 'Updated'),
      form: false,
      sortable: true,
    },
    {
      name: 'xml',
      type: 'longtext',
      label: t('流程图', 'Diagram'),
      required: t('请绘制流程图', 'Draw the diagram'),
      max: BPMN_MAX_BYTES,
      list: false,
      detail: false,
    },
  ],
};
