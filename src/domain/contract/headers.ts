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
  /** `<terminal id>.<device key>`: a provisioned terminal vouches for the leads it queued offline (domain/kiosk/deviceKey). */
  terminalCredential: 'X-Terminal-Credential',
  /** A staff session opened by the right PIN at a terminal (contract/terminals verifyPinResponse). */
  staffToken: 'X-Staff-Token',
} as const;

/** Date format of the UserTime header and of the time check. */
export const USER_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
