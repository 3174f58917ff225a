// What the SMS login needs from a gateway: deliver one verification code to one phone.
export interface SmsProvider {
  readonly name: string;
  /** Sends `code` to the mainland mobile number `mobile` (11 digits). Throws SmsSendError. */
  sendCode(mobile: string, code: string): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
