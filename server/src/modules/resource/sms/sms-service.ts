import { checkPhone, type PhoneProblem } from '@blade/schema';
import { AppError } from '../../../core/errors.js';
import type { AuthContext } from '../../../core/http.js';
import { nextId } from '../../../core/ids.js';
import type { MessageKey } from '../../../core/messages.js';
import type { OutboundGuard } from '../../../core/outbound.js';
import { SecretBox } from '../../../core/secret-box.js';
import { utcNow } from '../../../core/time.js';
import { aliyun } from './aliyun.js';
import { qiniu, yunpian } from './others.js';
import { type ProviderCall, providerCall, type SmsOutcome, type SmsProvider } from './provider.js';
import { tencent } from './tencent.js';

/** Providers by the sms dictionary's keys; 0 ("log", the default) records without sending. */
const PROVIDERS: Record<number, SmsProvider | 'log'> = {
  0: 'log',
  1: yunpian,
  2: qiniu,
  3: aliyun,
  4: tencent,
};
const LOG_ONLY = 0;
const MAX_PHONES = 200;

/** The spec's phone rule (§5) with its intent: an 11-digit mainland mobile number. */
export function phoneProblem(phone: string): MessageKey | undefined {
  const problem = checkPhone(phone);
  return problem ? PHONE_MESSAGES[problem] : undefined;
}

const PHONE_MESSAGES: Record<PhoneProblem, MessageKey> = {
  empty: 'phoneEmpty',
  length: 'phoneLength',
  format: 'phoneFormat',
};

export interface SendRequest {
  code: string | undefined;
  phones: string;
  params: Record<string, string>;
}

/** Sends through the named or the enabled configuration of the tenant, and records every attempt. */
export class SmsService {
  private readonly call: ProviderCall;

  constructor(
    private readonly box: SecretBox,
    private readonly customEndpoints: boolean,
    outbound: OutboundGuard,
  ) {
    this.call = providerCall(outbound);
  }

  async send(auth: AuthContext, request: SendRequest): Promise<SmsOutcome> {
    const phones = request.phones.split(',').map((p) => p.trim());
    if (phones.length > MAX_PHONES)
      throw new AppError(400, 'invalidField', { field: 'phones', reason: `at most ${MAX_PHONES} numbers` });
    for (const phone of phones) {
      const problem = phoneProblem(phone);
      if (problem) throw new AppError(400, problem);
    }
    let q = auth.db.selectFrom('blade_sms').selectAll().where('is_deleted', '=', 0);
    q = request.code ? q.where('sms_code', '=', request.code) : q.where('enabled', '=', 1);
    const config = await q.executeTakeFirst();
    if (request.code && !config) throw new AppError(404, 'rowNotFound');
    const category = config?.category ?? LOG_ONLY;
    const provider = PROVIDERS[category];
    if (!provider) throw new AppError(400, 'smsUnsupported');

    const outcome: SmsOutcome =
      provider === 'log'
        ? { success: true, message: 'recorded only (log provider)' }
        : await provider.send(
            {
              phones,
              templateId: config?.template_id ?? '',
              signName: config?.sign_name ?? '',
              params: request.params,
            },
            {
              accessKey: config?.access_key ?? '',
              secretKey:
                config?.secret_key && SecretBox.isSealed(config.secret_key)
                  ? this.box.open(config.secret_key)
                  : '',
              regionId: config?.region_id ?? '',
              appId: config?.app_id ?? '',
              endpoint: this.customEndpoints ? (config?.endpoint ?? undefined) : undefined,
            },
            this.call,
          );
    await auth.db
      .insertInto('blade_sms_record')
      .values({
        id: nextId(),
        tenant_id: auth.tenantId,
        sms_id: config?.id ?? null,
        category,
        template_id: config?.template_id ?? null,
        phones: phones.join(','),
        params: JSON.stringify(request.params).slice(0, 4000),
        success: outcome.success ? 1 : 0,
        message: outcome.message.slice(0, 2000),
        create_user: auth.userId,
        create_time: utcNow(),
      })
      .execute();
    return outcome;
  }
}
