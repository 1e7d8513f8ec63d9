/** One message to send: a template, its parameters, the phones (11-digit mainland numbers). */
export interface SmsMessage {
  phones: string[];
  templateId: string;
  signName: string;
  params: Record<string, string>;
}

export interface SmsCredentials {
  accessKey: string;
  secretKey: string;
  regionId: string;
  appId: string;
  /** The provider's API address; only honoured when custom endpoints are allowed (tests, proxies). */
  endpoint: string | undefined;
}

export interface SmsOutcome {
  success: boolean;
  /** The provider's answer, for the record (never the keys). */
  message: string;
}

export interface SmsProvider {
  send(message: SmsMessage, credentials: SmsCredentials): Promise<SmsOutcome>;
}

/** Posts or gets, with a time-out; a network failure is an outcome, not an exception. */
export async function callProvider(
  url: string,
  init: RequestInit,
): Promise<{ status: number; text: string } | SmsOutcome> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    return { status: res.status, text: (await res.text()).slice(0, 2000) };
  } catch (error) {
    return { success: false, message: `provider unreachable: ${(error as Error).name}` };
  }
}
