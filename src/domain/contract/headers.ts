/** Header names shared by the client and the venue API. */
export const HEADERS = {
  userTime: 'UserTime',
  userTimeZone: 'UserTimeZone',
  visitorToken: 'X-Visitor-Token',
  session: 'X-Session-Id',
  storeVerification: 'X-Store-Verification',
  authorization: 'Authorization',
  /** Names one order submission; a retry with the same key answers the first result. */
  idempotencyKey: 'Idempotency-Key',
} as const;

/** Date format of the UserTime header and of the time check. */
export const USER_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
