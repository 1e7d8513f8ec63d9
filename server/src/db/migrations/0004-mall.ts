import type { ColumnDataType, Kysely } from 'kysely';
import { withAudit } from './0001-core.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/** [column, type, required?] */
type Column = [string, ColumnDataType, boolean?];

const TEXT = 'varchar(255)';
const LINK = 'varchar(1000)';

/** Mall and learning content, orders and their lines, meetings and equity codes. */
export async function up(db: Db): Promise<void> {
  const create = async (name: string, columns: Column[], indexes: string[][] = []) => {
    let t = db.schema
      .createTable(name)
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());
    for (const [column, type, required] of columns)
      t = t.addColumn(column, type, (c) => (required ? c.notNull() : c));
    await withAudit(t).execute();
    for (const index of [['create_time'], ...indexes]) {
      await db.schema
        .createIndex(`idx_${name}_${index.join('_')}`)
        .on(name)
        .columns(['tenant_id', ...index])
        .execute();
    }
  };

  await create(
    'mall_banner',
    [
      ['title', 'varchar(200)', true],
      ['image', LINK, true],
      ['link_url', LINK],
      ['target', 'varchar(64)'],
      ['position', 'integer', true],
      ['sort', 'integer', true],
      ['valid_from', 'timestamp'],
      ['valid_to', 'timestamp'],
    ],
    [['sort'], ['valid_from']],
  );
  await create(
    'mall_publicize',
    [
      ['title', 'varchar(200)', true],
      ['summary', 'varchar(500)'],
      ['cover', LINK],
      ['content', 'text'],
      ['sort', 'integer', true],
    ],
    [['sort']],
  );
  await create(
    'mall_links_type',
    [
      ['name', 'varchar(64)', true],
      ['sort', 'integer', true],
      ['remark', TEXT],
    ],
    [['sort']],
  );
  await create(
    'mall_links',
    [
      ['type_id', 'bigint', true],
      ['name', 'varchar(100)', true],
      ['url', LINK, true],
      ['logo', LINK],
      ['target', 'varchar(64)'],
      ['sort', 'integer', true],
    ],
    [['sort'], ['type_id']],
  );
  await create(
    'mall_consult',
    [
      ['name', 'varchar(50)', true],
      ['phone', 'varchar(20)'],
      ['question', 'text', true],
      ['reply', 'text'],
      ['reply_time', 'timestamp'],
    ],
    [['phone']],
  );
  await create(
    'mall_suggest',
    [
      ['contact', 'varchar(50)'],
      ['phone', 'varchar(20)'],
      ['content', 'text', true],
      ['reply', 'text'],
      ['reply_time', 'timestamp'],
    ],
    [['phone']],
  );
  await create(
    'mall_living',
    [
      ['title', 'varchar(200)', true],
      ['cover', LINK],
      ['host', 'varchar(50)'],
      ['start_time', 'timestamp', true],
      ['end_time', 'timestamp'],
      ['stream_url', LINK],
      ['playback_url', LINK],
    ],
    [['start_time']],
  );
  await create(
    'mall_lesson_column',
    [
      ['name', 'varchar(64)', true],
      ['cover', LINK],
      ['description', 'text'],
      ['sort', 'integer', true],
    ],
    [['sort']],
  );
  await create(
    'mall_lesson',
    [
      ['column_id', 'bigint', true],
      ['title', 'varchar(200)', true],
      ['cover', LINK],
      ['teacher', 'varchar(50)'],
      ['lesson_type', 'integer', true],
      ['video_url', LINK],
      ['duration_minutes', 'integer', true],
      ['price', 'bigint', true],
      ['free', 'integer', true],
      ['sort', 'integer', true],
      ['description', 'text'],
    ],
    [['sort'], ['price'], ['column_id']],
  );
  await create(
    'mall_question',
    [
      ['lesson_id', 'bigint'],
      ['question_type', 'integer', true],
      ['stem', 'text', true],
      ['options', 'text'],
      ['answer', 'varchar(500)', true],
      ['analysis', 'text'],
      ['score', 'integer', true],
      ['sort', 'integer', true],
    ],
    [['sort'], ['lesson_id']],
  );
  await create(
    'mall_activity',
    [
      ['title', 'varchar(200)', true],
      ['cover', LINK],
      ['address', TEXT],
      ['start_time', 'timestamp', true],
      ['end_time', 'timestamp'],
      ['signup_start', 'timestamp'],
      ['signup_end', 'timestamp'],
      ['quota', 'integer', true],
      ['signed_count', 'integer', true],
      ['content', 'text'],
    ],
    [['start_time']],
  );
  await create(
    'mall_activity_user',
    [
      ['activity_id', 'bigint', true],
      ['mall_user_id', 'bigint'],
      ['name', 'varchar(50)', true],
      ['phone', 'varchar(20)', true],
      ['checkin_time', 'timestamp'],
    ],
    [['activity_id'], ['phone']],
  );
  await create(
    'mall_dynamic',
    [
      ['mall_user_id', 'bigint'],
      ['content', 'text', true],
      ['images', 'text'],
      ['likes', 'integer', true],
    ],
    [['likes']],
  );
  await create(
    'mall_product',
    [
      ['name', 'varchar(200)', true],
      ['category', 'integer', true],
      ['cover', LINK],
      ['images', 'text'],
      ['price', 'bigint', true],
      ['original_price', 'bigint'],
      ['stock', 'integer', true],
      ['sales', 'integer', true],
      ['sort', 'integer', true],
      ['description', 'text'],
    ],
    [['price'], ['stock'], ['sales'], ['sort'], ['category', 'create_time']],
  );
  await create(
    'mall_order',
    [
      ['order_no', 'varchar(32)', true],
      ['mall_user_id', 'bigint', true],
      ['total_amount', 'bigint', true],
      ['pay_amount', 'bigint', true],
      ['pay_status', 'integer', true],
      ['pay_type', 'integer'],
      ['pay_time', 'timestamp'],
      ['ship_status', 'integer', true],
      ['receiver', 'varchar(50)'],
      ['receiver_phone', 'varchar(20)'],
      ['address', TEXT],
      ['remark', TEXT],
    ],
    [['order_no'], ['total_amount'], ['mall_user_id', 'create_time'], ['pay_status', 'create_time']],
  );
  await db.schema.createIndex('uk_mall_order_no').on('mall_order').column('order_no').unique().execute();
  await db.schema
    .createTable('mall_order_item')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('product_id', 'bigint', (c) => c.notNull())
    .addColumn('product_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_mall_order_item_order')
    .on('mall_order_item')
    .columns(['tenant_id', 'order_id'])
    .execute();
  await db.schema
    .createIndex('idx_mall_order_item_product')
    .on('mall_order_item')
    .columns(['tenant_id', 'product_id'])
    .execute();
  await create(
    'mall_user',
    [
      ['nickname', 'varchar(50)', true],
      ['real_name', 'varchar(50)'],
      ['phone', 'varchar(20)'],
      ['avatar', LINK],
      ['gender', 'integer'],
      ['level', 'integer', true],
      ['points', 'integer', true],
    ],
    [['phone'], ['points']],
  );
  await create(
    'mall_user_exam',
    [
      ['user_id', 'bigint', true],
      ['lesson_id', 'bigint'],
      ['paper_name', 'varchar(200)', true],
      ['score', 'integer', true],
      ['passed', 'integer', true],
      ['exam_time', 'timestamp', true],
    ],
    [['user_id', 'exam_time'], ['exam_time'], ['score']],
  );
  await create(
    'mall_plan_detail',
    [
      ['plan_name', 'varchar(200)', true],
      ['mall_user_id', 'bigint'],
      ['lesson_id', 'bigint'],
      ['study_date', 'timestamp', true],
      ['done', 'integer', true],
    ],
    [['study_date'], ['mall_user_id', 'study_date']],
  );
  await create(
    'mall_meeting',
    [
      ['title', 'varchar(200)', true],
      ['start_time', 'timestamp', true],
      ['end_time', 'timestamp'],
      ['code_quantity', 'integer', true],
      ['code_valid_until', 'timestamp', true],
      ['codes_generated', 'integer', true],
    ],
    [['start_time']],
  );
  await create(
    'mall_equity_code',
    [
      ['meeting_id', 'bigint', true],
      ['code', 'varchar(16)', true],
      ['valid_until', 'timestamp', true],
      ['used_by', 'bigint'],
      ['used_time', 'timestamp'],
    ],
    [['meeting_id', 'create_time'], ['code']],
  );
  await db.schema.createIndex('uk_mall_equity_code').on('mall_equity_code').column('code').unique().execute();
}
