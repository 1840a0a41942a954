import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { familyImageCall, familyImageRemoveCall, familyImageResponse, familyMemberParams } from '../../../src/domain/contract/family';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_SIZE, profileChangeResponse, profileImageCall, profileImageRemoveCall } from '../../../src/domain/contract/profile';
import { profileMessageText } from '../../../src/domain/profile/profileMessages';
import { type AppContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { loginFirst, requireCustomer } from '../../http/auth';
import { serve } from '../../http/serve';
import { parseInput, sendParsed } from '../../http/validation';
import { familyMembers } from '../../db/schema/visitors';
import { sniffUploadType } from '../visitors/files';
import { ownMember } from './family';
import { updateCustomer } from './profileShared';

export type ProfileImageOptions = AppContext & { uploadsDir: string };

/**
 * Photos are served to any <img> that knows the address (an image tag sends no bearer token): the name is 32
 * random bytes, so only whoever was given the address can fetch it.
 */
export const PROFILE_IMAGES_ROUTE = 'profile-images';
const IMAGE_FOLDER = 'profile-images';
const STORED_IMAGE = /^[A-Za-z0-9_-]{43}\.jpg$/;

async function receiveImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the image as multipart form data');
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'image') throw new HttpError(400, 'Send one file, named image');
      image = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, profileMessageText('imageTooLarge'));
    throw error;
  }
  if (!image || image.length === 0) throw new HttpError(400, profileMessageText('imageMissing'));
  return image;
}

/**
 * Photos of people: the customer's own (POST and DELETE customers/profile/image) and their family members' (POST and DELETE
 * customers/family/:id/image), on one path: a jpeg or png, cropped to a square and stored small; the previous photo
 * is removed.
 */
export const profileImageRoutes: FastifyPluginAsync<ProfileImageOptions> = async (app, { db, uploadsDir }) => {
  await app.register(multipart, { limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  const folder = join(uploadsDir, IMAGE_FOLDER);

  /** The uploaded photo, checked, resized and stored: its address. */
  const storeImage = async (request: FastifyRequest): Promise<string> => {
    const bytes = await receiveImage(request);
    const type = sniffUploadType(bytes);
    if (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png') throw new HttpError(422, profileMessageText('imageType'));
    const resized = await sharp(bytes)
      .rotate()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover' })
      .jpeg({ quality: 82 })
      .toBuffer()
      .catch(() => {
        throw new HttpError(422, profileMessageText('imageType'));
      });
    const name = `${randomBytes(32).toString('base64url')}.jpg`;
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, name), resized, { flag: 'wx' });
    return `/api/v1/${PROFILE_IMAGES_ROUTE}/${name}`;
  };
  /** Deletes a photo this server stored (a seeded or outside address is left alone). */
  const forgetImage = async (address: string | null) => {
    const previous = address?.split('/').pop() ?? '';
    if (STORED_IMAGE.test(previous)) await unlink(join(folder, previous)).catch(() => undefined);
  };

  serve(app, profileImageCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const answer = await updateCustomer(db, customer.id, { profileImage: await storeImage(request) }, profileMessageText('imageSaved'));
    await forgetImage(customer.profileImage);
    return sendParsed(reply, profileChangeResponse, answer);
  }, { onRequest: loginFirst });
  serve(app, profileImageRemoveCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const answer = await updateCustomer(db, customer.id, { profileImage: null }, profileMessageText('imageRemoved'));
    await forgetImage(customer.profileImage);
    return sendParsed(reply, profileChangeResponse, answer);
  }, { onRequest: loginFirst });

  /** Sets a member's photo, after checking the member is the caller's own: anyone else's answers 404 before any upload is read. */
  const changeMemberImage = async (request: FastifyRequest, reply: FastifyReply, image: (() => Promise<string>) | null) => {
    const owner = requireCustomer(request);
    const { id } = parseInput(familyMemberParams, request.params, 'path');
    const member = await ownMember(db, owner.id, id);
    const address = image === null ? null : await image();
    await db.update(familyMembers).set({ profileImageUrl: address }).where(eq(familyMembers.id, member.id));
    await forgetImage(member.profileImageUrl);
    const name = `${member.firstName} ${member.lastName}`;
    return sendParsed(reply, familyImageResponse, {
      status: true,
      data: { customer_id: member.memberId, profile_image_url: address },
      message: profileMessageText(address === null ? 'memberImageRemoved' : 'memberImageSaved', { name }),
    });
  };
  serve(app, familyImageCall, (request, reply) => changeMemberImage(request, reply, () => storeImage(request)), { onRequest: loginFirst });
  serve(app, familyImageRemoveCall, (request, reply) => changeMemberImage(request, reply, null), { onRequest: loginFirst });

  app.get<{ Params: { name: string } }>(`/${PROFILE_IMAGES_ROUTE}/:name`, async (request, reply) => {
    const { name } = request.params;
    const bytes = STORED_IMAGE.test(name) ? await readFile(join(folder, name)).catch(() => null) : null;
    if (!bytes) throw notFound('Image not found');
    // Personal: never kept by a shared cache or the service worker.
    return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(bytes);
  });
};
