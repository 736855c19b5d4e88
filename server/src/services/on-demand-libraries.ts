import type sharpLibrary from 'sharp';
import type { Sharp } from 'sharp';
import type { SendMailOptions } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';

/**
 * The image library (sharp, with libvips) and the mail library (nodemailer) are loaded on first
 * use, not at start: a site that receives no upload and sends no mail since its start never pays
 * for them (about 10 MB of resident memory between them). The compiled server keeps each in a
 * chunk of its own (build/start/bundle-server.ts), read only when imported here.
 */

type SharpLibrary = typeof sharpLibrary;

let imageLibrary: SharpLibrary | undefined;
let imageLibraryLoading: Promise<SharpLibrary> | undefined;

/** Loads sharp once; every image operation awaits this before it opens an image. */
export function loadImageLibrary(): Promise<SharpLibrary> {
  imageLibraryLoading ??= import('sharp').then(({ default: library }) => {
    // Decoded images are not reused, so libvips' operation cache would only hold memory.
    library.cache(false);
    imageLibrary = library;
    return library;
  });
  return imageLibrary ? Promise.resolve(imageLibrary) : imageLibraryLoading;
}

/**
 * sharp's constructor, for code that runs after {@link loadImageLibrary} resolved (an image is
 * opened only by an async operation that awaited it first).
 */
export function sharp(...args: Parameters<SharpLibrary>): Sharp {
  if (!imageLibrary) throw new Error('The image library was used before loadImageLibrary() resolved');
  return imageLibrary(...args);
}

/** What the mail sender uses of a nodemailer pool. */
export interface SmtpPoolTransporter {
  sendMail(mail: SendMailOptions): Promise<unknown>;
  verify(): Promise<true>;
  /** With `force`, a delivery in flight is cut off too. */
  close(options?: { force?: boolean }): void;
}

/**
 * `nodemailer.createTransport` for an SMTP pool, loading nodemailer and opening the pool at the
 * first mail or check, not when mail is configured at start. Closed before that, it never loads.
 */
function createTransport(options: SMTPPool.Options): SmtpPoolTransporter {
  let closed = false;
  let pool: Promise<SmtpPoolTransporter> | undefined;
  const open = (): Promise<SmtpPoolTransporter> => {
    if (closed) return Promise.reject(new Error('The SMTP transport is closed'));
    pool ??= import('nodemailer').then(({ default: nodemailer }) => {
      const transporter = nodemailer.createTransport(options) as unknown as SmtpPoolTransporter;
      // Closed while nodemailer was loading: nothing may be sent through it.
      if (closed) transporter.close({ force: true });
      return transporter;
    });
    return pool;
  };
  return {
    sendMail: async (mail) => (await open()).sendMail(mail),
    verify: async () => (await open()).verify(),
    close(closeOptions) {
      closed = true;
      void pool?.then((transporter) => transporter.close(closeOptions));
    },
  };
}

/** The part of nodemailer the mail transport uses, loaded on first use. */
export const nodemailerOnFirstUse = { createTransport };
