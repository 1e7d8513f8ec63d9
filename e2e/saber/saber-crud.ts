import type { Frame, Locator, Page } from '@playwright/test';
import { networkSettled } from './network';

/** What each step did: ✓, – (the page has no such button) or ✗ with the reason. */
export interface CrudResult {
  add: string;
  edit: string;
  remove: string;
}

/** The controls of one UI kit (Ant Design in our page, Element Plus and Avue in Saber's). */
interface Kit {
  addButton: RegExp;
  dialog: string;
  required: string;
  saveButton: RegExp;
  editRowButton: RegExp;
  editSaveButton: RegExp;
  deleteRowButton: RegExp;
  confirm: string;
  confirmButton: RegExp;
  errors: string;
  rows: string;
  fill: (root: Root, field: Locator, label: string, value: string) => Promise<void>;
}

type Root = Page | Frame;
const pageOf = (root: Root): Page => ('mainFrame' in root ? root : root.page());

/** A field's label without its colon. */
const bare = (label: string): string => label.replace(/[:：\s]/g, '');

/** What the forms that check a field's form take (SpringBlade's values where Saber asks for them). */
const TEXT_BY_LABEL: Record<string, string> = {
  授权类型: 'refresh_token,password,authorization_code',
  授权范围: 'all',
  连接地址: 'jdbc:postgresql://127.0.0.1:5432/blade_test',
  服务名: 'blade-desk',
  表名: 'blade_notice',
  表前缀: 'blade_',
  主键名: 'id',
  包名: 'org.springblade.desk',
  模块名: 'desk',
  后端生成路径: 'C:\\blade\\out',
  前端生成路径: 'C:\\saber\\out',
  密码: 'Walk12345',
  确认密码: 'Walk12345',
  路由地址: '/walk',
  令牌秒数: '3600',
  刷新秒数: '604800',
};

/**
 * The names the walk's setup adds first (saber-walk.ts), as a person adds what a form's required
 * select needs on its own page before filling that form.
 */
export const SETUP_NAMES = { post: '走查岗位', linkType: '走查类型', product: '走查商品' } as const;

/** The option a select of this label is set to (else its first); searchable pickers are typed into. */
const CHOICE_BY_LABEL: Record<string, string> = {
  驱动类: 'org.postgresql.Driver',
  所属岗位: SETUP_NAMES.post,
  链接类型: SETUP_NAMES.linkType,
  商品明细: SETUP_NAMES.product,
};

/** How long a person waits for a dropdown's options or a list's new row to be drawn. */
const DRAWN_MS = 20_000;

/** A text a field of this label accepts, most of them the record's stamp. */
function textFor(label: string, stamp: string): string {
  const fixed = TEXT_BY_LABEL[bare(label)];
  if (fixed) return fixed;
  // A name is the stamp, even a link's or a file's (so the list shows the record by it).
  if (/名称|标题/.test(label)) return stamp;
  if (/邮箱|mail/i.test(label)) return `${stamp.toLowerCase()}@example.com`;
  if (/手机|电话|phone/i.test(label)) return '13800138000';
  if (/图|封面|头像|视频|文件|image/i.test(label)) return 'https://example.com/a.png';
  if (/地址|链接|网址|url|域名/i.test(label)) return 'https://example.com';
  if (/编号|编码|代码|code|key|键值/i.test(label)) return `sw${stamp.replace(/\D/g, '').slice(-8)}`;
  if (/ip/i.test(label)) return '127.0.0.1';
  return stamp;
}

/**
 * The dropdown this select opened (its list's id is the input's aria-controls), not one still
 * closing from the field before.
 */
async function antDropdownOf(root: Root, input: Locator): Promise<Locator> {
  const listId = await input.getAttribute('aria-controls').catch(() => null);
  const own = root.locator('.ant-select-dropdown').filter({ has: root.locator(`[id="${listId}"]`) });
  if (listId && (await own.count())) return own.first();
  return root.locator('.ant-select-dropdown:visible').last();
}

/** Picks a day in the field's date picker (mid-month of the month shown) and commits it. */
async function pickDay(root: Root, field: Locator): Promise<void> {
  await field.locator('.ant-picker').first().click();
  // The newest dropdown is this field's (one before it may still be closing).
  const drop = root.locator('.ant-picker-dropdown:visible').last();
  await drop.locator('.ant-picker-cell-in-view').nth(14).click();
  // A picker with a time commits the day on its OK button, enabled once the day is drawn as picked.
  const ok = drop.locator('.ant-picker-ok button');
  if (await ok.count()) await ok.click();
  await drop.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
}

const ANT: Kit = {
  addButton: /(^|\s)新\s?增$/,
  dialog: '.ant-modal:visible, .ant-drawer-content:visible',
  required: '.ant-form-item:has(.ant-form-item-required)',
  saveButton: /^(提\s?交|确\s?定|保\s?存)$/,
  editRowButton: /(^|\s)(编\s?辑|修\s?改)$/,
  editSaveButton: /^(提\s?交|确\s?定|保\s?存)$/,
  deleteRowButton: /(^|\s)删\s?除$/,
  confirm: '.ant-popover:visible, .ant-modal-confirm:visible',
  confirmButton: /^(确\s?定|删\s?除|OK)$/,
  errors: '.ant-form-item-explain-error',
  rows: '.ant-table-tbody tr.ant-table-row',
  async fill(root, field, label, value) {
    const page = pageOf(root);
    const select = field.locator('.ant-select:not(.ant-select-disabled)').first();
    if (await select.count()) {
      await select.click();
      const wanted = CHOICE_BY_LABEL[bare(label)];
      const input = select.locator('input').first();
      // A searchable picker (products are searched on the server) is typed into, as a person would.
      if (wanted && !(await input.getAttribute('readonly'))) await input.fill(wanted);
      const drop = await antDropdownOf(root, input);
      const options = drop.locator(
        '.ant-select-item-option:not(.ant-select-item-option-disabled), .ant-select-tree-node-content-wrapper',
      );
      await (wanted ? options.filter({ hasText: wanted }) : options).first().click({ timeout: DRAWN_MS });
      await page.keyboard.press('Escape');
      await drop.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
    } else if (await field.locator('.ant-picker').count()) {
      // A person sees the field still empty when a pick did not take, and picks again.
      const shown = field.locator('.ant-picker input').first();
      for (let attempt = 0; attempt < 3 && !(await shown.inputValue()); attempt++) await pickDay(root, field);
    } else if (await field.locator('.ant-input-number').count()) {
      await field.locator('.ant-input-number input').first().fill('1');
    } else if (await field.locator('.ant-radio-wrapper').count()) {
      await field.locator('.ant-radio-wrapper').first().click();
    } else if (await field.locator('.ant-tree-checkbox').count()) {
      await field.locator('.ant-tree-checkbox').first().click();
    } else if (await field.locator('textarea').count()) {
      await field.locator('textarea').first().fill(value);
    } else if (await field.locator('[contenteditable="true"]').count()) {
      await field.locator('[contenteditable="true"]').first().fill(value);
    } else if (await field.locator('input:not([type=file]):not([readonly])').count()) {
      await field.locator('input:not([type=file]):not([readonly])').first().fill(textFor(label, value));
    }
  },
};

const ELEMENT: Kit = {
  addButton: /^新\s?增$/,
  dialog: '.el-dialog:visible, .el-drawer:visible',
  required: '.el-form-item.is-required',
  saveButton: /^保\s?存$/,
  editRowButton: /^编\s?辑$/,
  editSaveButton: /^修\s?改$/,
  deleteRowButton: /^删\s?除$/,
  confirm: '.el-message-box:visible',
  confirmButton: /^确\s?定$/,
  errors: '.el-form-item__error',
  rows: '.el-table__body-wrapper tr.el-table__row',
  async fill(root, field, label, value) {
    const page = pageOf(root);
    const filled = async (input: Locator) => ((await input.inputValue().catch(() => '')) ?? '') !== '';
    if (await field.locator('.el-select, .avue-input-tree, .el-cascader').count()) {
      const input = field.locator('input').first();
      if (await filled(input)) return;
      await field.locator('.el-select__wrapper, .el-input__wrapper, .el-cascader').first().click();
      const withItems = page.locator('.el-popper:visible').filter({
        has: page.locator('.el-select-dropdown__item, .el-tree-node__content, .el-cascader-node'),
      });
      const wanted = CHOICE_BY_LABEL[bare(label)];
      const items = withItems
        .last()
        .locator('.el-select-dropdown__item:not(.is-disabled), .el-tree-node__content, .el-cascader-node');
      // The options (a department tree, the posts) are read when the form opens: wait until drawn.
      const item = (wanted ? items.filter({ hasText: wanted }) : items).first();
      await item.waitFor({ timeout: DRAWN_MS });
      const box = item.locator('.el-checkbox');
      await ((await box.count()) ? box.first() : item).click();
      await page.keyboard.press('Escape');
      // Closed before the next field opens its own, so that one's options are not looked for here.
      await withItems
        .first()
        .waitFor({ state: 'hidden', timeout: 5000 })
        .catch(() => undefined);
    } else if (await field.locator('.el-date-editor').count()) {
      await field.locator('.el-date-editor input').first().click();
      const cell = page.locator('.el-picker-panel:visible td.available').nth(14);
      await cell.click();
      const ok = page.locator('.el-picker-panel:visible .el-picker-panel__footer button:visible').last();
      if (await ok.count()) await ok.click();
    } else if (await field.locator('.el-input-number').count()) {
      await field
        .locator('.el-input-number input')
        .first()
        .fill(TEXT_BY_LABEL[bare(label)] ?? '1');
    } else if (await field.locator('.el-radio').count()) {
      await field.locator('.el-radio').first().click();
    } else if (await field.locator('.avue-input-icon, .avue-icon-select').count()) {
      await field.locator('input').first().click();
      await page
        .locator('.avue-dialog:visible .avue-input-icon__item, .el-dialog:visible .avue-input-icon__item')
        .first()
        .click();
    } else if (await field.locator('textarea').count()) {
      await field.locator('textarea').first().fill(value);
    } else if (await field.locator('input:not([type=file]):not([readonly])').count()) {
      const input = field.locator('input:not([type=file]):not([readonly])').first();
      await input.fill(textFor(label, value));
    }
  },
};

/** A 1×1 PNG for upload fields. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The calls a click started answered and drawn. */
const settle = (root: Root): Promise<void> => networkSettled(pageOf(root).context());

/** Fills every required field of the open dialog, the first text field with `stamp`. */
async function fillRequired(kit: Kit, root: Root, dialog: Locator, stamp: string): Promise<void> {
  const fields = dialog.locator(kit.required);
  const count = await fields.count();
  for (let i = 0; i < count; i++) {
    const field = fields.nth(i);
    if (!(await field.isVisible())) continue;
    const label =
      (await field
        .locator('label')
        .first()
        .textContent()
        .catch(() => '')) ?? '';
    await kit
      .fill(root, field, label, stamp)
      .catch((error: Error) => console.error(`${label}: ${error.message.split('\n')[0]}`));
  }
}

/** Our forms: empty optional text fields get a text too, so the list shows the record's stamp. */
async function fillOptionalTexts(dialog: Locator, stamp: string): Promise<void> {
  const items = dialog.locator('.ant-form-item:not(:has(.ant-form-item-required))');
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i);
    const input = item.locator('input.ant-input:not([readonly]):not([disabled])');
    if ((await input.count()) !== 1 || !(await input.isVisible()) || (await input.inputValue())) continue;
    const label =
      (await item
        .locator('label')
        .first()
        .textContent()
        .catch(() => '')) ?? '';
    if (/密码|password/i.test(label)) continue;
    await input.fill(textFor(label, stamp)).catch(() => undefined);
  }
}

/** Saves the open dialog; ✓ once it closes, else ✗ with the field errors shown. */
async function save(kit: Kit, root: Root, dialog: Locator, button: RegExp): Promise<string> {
  await dialog.getByRole('button', { name: button }).last().click();
  try {
    await dialog.waitFor({ state: 'hidden', timeout: DRAWN_MS });
    return '✓';
  } catch {
    const errors = (await dialog.locator(kit.errors).allTextContents()).filter(Boolean);
    const message = await root
      .locator('.el-message--error:visible, .ant-message-error:visible')
      .allTextContents();
    await pageOf(root).keyboard.press('Escape');
    return `✗ ${[...errors, ...message].join('，') || 'the dialog stayed open'}`;
  }
}

/** A row showing `text` (the list may need a moment after a save). */
async function rowWith(kit: Kit, root: Root, text: string): Promise<Locator | undefined> {
  const row = root.locator(kit.rows).filter({ hasText: text }).first();
  try {
    await row.waitFor({ timeout: DRAWN_MS });
    return row;
  } catch {
    return undefined;
  }
}

/** The texts of the listed rows. */
const rowTexts = async (kit: Kit, root: Root): Promise<Set<string>> =>
  new Set(await root.locator(kit.rows).allTextContents());

/** The row showing `stamp`, else the one row that was not listed before the add. */
async function newRow(
  kit: Kit,
  root: Root,
  stamp: string,
  before: Set<string>,
): Promise<Locator | undefined> {
  const byStamp = await rowWith(kit, root, stamp);
  if (byStamp) return byStamp;
  // Listed on a later page (a list ordered by a date picked): the list's first text search finds it.
  const search = root.locator('input.ant-input[placeholder^="请输入"]:visible').first();
  if (kit === ANT && (await search.count())) {
    await search.fill(stamp);
    await search.press('Enter');
    const found = await rowWith(kit, root, stamp);
    if (found) return found;
  }
  const rows = root.locator(kit.rows);
  for (let i = 0; i < (await rows.count()); i++) {
    const text = (await rows.nth(i).textContent()) ?? '';
    if (!before.has(text)) return rows.nth(i);
  }
  return undefined;
}

/** 附件管理 adds by uploading a file (上传附件 in place of 新增), named by the stamp to find its row. */
const UPLOAD_BUTTON = /(^|\s)上传附件$/;

async function upload(root: Root, button: Locator, stamp: string): Promise<string> {
  const chooser = pageOf(root).waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ name: `${stamp}.png`, mimeType: 'image/png', buffer: PNG });
  await settle(root);
  return '✓ (上传附件)';
}

/** The index of the dialog's input showing `text` (a property, not an attribute: no CSS for it). */
const inputShowing = (dialog: Locator, text: string): Promise<number> =>
  dialog
    .locator('input')
    .evaluateAll((inputs, t) => inputs.findIndex((i) => (i as HTMLInputElement).value === t), text);

async function crud(kit: Kit, root: Root, name: string): Promise<CrudResult | undefined> {
  const add = root.getByRole('button', { name: kit.addButton }).first();
  const uploadButton = root.getByRole('button', { name: UPLOAD_BUTTON }).first();
  if (
    !(await add
      .or(uploadButton)
      .first()
      .waitFor({ timeout: 8000 })
      .then(
        () => true,
        () => false,
      ))
  )
    return undefined;
  await settle(root);
  const before = await rowTexts(kit, root);
  const stamp = `SW${Date.now().toString().slice(-9)}`;
  const result: CrudResult = { add: '', edit: '–', remove: '–' };
  if (!(await add.count())) result.add = await upload(root, uploadButton, stamp);
  else {
    await add.click();
    const dialog = root.locator(kit.dialog).last();
    await dialog.waitFor();
    await settle(root);
    await fillRequired(kit, root, dialog, stamp);
    if (kit === ANT) await fillOptionalTexts(dialog, stamp);
    result.add = await save(kit, root, dialog, kit.saveButton);
    if (result.add !== '✓') return result;
  }
  await settle(root);
  const row = await newRow(kit, root, stamp, before);
  if (!row) {
    result.edit = result.remove = '✗ the new record is not listed';
    return result;
  }
  const rowText = (await row.textContent()) ?? '';
  const edit = row.getByRole('button', { name: kit.editRowButton }).first();
  if (await edit.count()) {
    await edit.click();
    const editing = root.locator(kit.dialog).last();
    await editing.waitFor();
    // The record's detail answered and drawn into the form (Saber opens the form from the list
    // row and fills it again from the detail; saving earlier sends what the detail replaces).
    await settle(root);
    const at = await inputShowing(editing, stamp);
    if (at >= 0)
      await editing
        .locator('input')
        .nth(at)
        .fill(`${stamp}E`)
        .catch(() => undefined);
    result.edit = await save(kit, root, editing, kit.editSaveButton);
  }
  await settle(root);
  const listed =
    (await rowWith(kit, root, stamp)) ??
    (await newRow(kit, root, `${stamp}\u0000`, before)) ??
    root
      .locator(kit.rows)
      .filter({ hasText: rowText.slice(0, 20) })
      .first();
  const remove = listed.getByRole('button', { name: kit.deleteRowButton }).first();
  if (await remove.count()) {
    const gone = ((await listed.textContent()) ?? '').trim();
    await remove.click();
    const confirm = root.locator(kit.confirm).last();
    await confirm.waitFor();
    await confirm.getByRole('button', { name: kit.confirmButton }).last().click();
    try {
      await root
        .locator(kit.rows)
        .filter({ hasText: gone })
        .first()
        .waitFor({ state: 'detached', timeout: 8000 });
      result.remove = '✓';
    } catch {
      result.remove = `✗ ${name}: the record is still listed`;
    }
  }
  return result;
}

/** Add, edit and delete on our page inside Saber's iframe. */
export const crudInFrame = (frame: Frame, name: string) => crud(ANT, frame, name);

/** Add, edit and delete on a Saber view. */
export const crudInSaber = (page: Page, name: string) => crud(ELEMENT, page, name);
