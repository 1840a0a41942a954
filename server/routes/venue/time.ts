import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { HEADERS, USER_TIME_FORMAT } from '../../../src/domain/contract/headers';
import { errorBody } from '../../../src/domain/contract/envelope';
import { verifyTimeCall, verifyTimeResponse, type TimeCheck } from '../../../src/domain/contract/time';
import { DEFAULT_TIME_ZONE } from '../../../src/domain/userTime';
import { type AppContext } from '../../http/context';
import { serve } from '../../http/serve';
import { sendParsed } from '../../http/validation';
import { findVenue } from '../../http/venue';
import { describeError } from '../../http/errorHandler';

dayjs.extend(utc);
dayjs.extend(timezone);

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first.trim() === '' ? null : first.trim();
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function timeCheck(request: FastifyRequest, now: Date, fallbackZone: string): TimeCheck {
  const requestedZone = header(request, HEADERS.userTimeZone);
  const zone = [requestedZone, fallbackZone].find((name): name is string => name !== null && isTimeZone(name)) ?? DEFAULT_TIME_ZONE;
  return { userTime: header(request, HEADERS.userTime), systemTime: dayjs(now).tz(zone).format(USER_TIME_FORMAT) };
}

/**
 * GET verify-time: echoes the device's UserTime and gives the server's time in the device's zone
 * (or the venue's), so the client can compare the two wall clocks. A failure (even a 401) carries
 * the same data, so the clock check works whatever else is wrong.
 */
export const timeRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  serve(
    app,
    verifyTimeCall,
    async (request, reply) => {
      // An unknown venue must not block the clock check, so it falls back instead of answering 404.
      const venueZone = (await findVenue(db, request))?.config.time_zone ?? DEFAULT_TIME_ZONE;
      return sendParsed(reply, verifyTimeResponse, { status: true, data: timeCheck(request, now(), venueZone) });
    },
    {
      errorHandler: (error, request, reply) => {
        const { statusCode, body } = describeError(error, request);
        return reply.code(statusCode).send(errorBody.parse({ ...body, data: timeCheck(request, now(), DEFAULT_TIME_ZONE) }));
      },
    },
  );
};
