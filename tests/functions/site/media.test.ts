/** `/api/media` and `/media/{key}`: uploads checked by their bytes, served back as stored. */
import { describe, expect, it } from 'vitest';
import blogPosts from '#functions/blog-posts.ts';
import media from '#functions/media.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { MEDIA_MAX_BYTES } from '#src/shared/media.ts';
import { randomBytes } from 'node:crypto';
import { avif, jpeg, png, pngChunk, svg, webp } from '../fixtures/images.ts';
import { loadPosts } from '../content-loader.ts';
import { ORIGIN, call, signedInStaff, useBlobs } from '../harness.ts';
import { invokeRouted } from '../routing.ts';

useBlobs();

/** Sends raw bytes as Netlify hands them to the function. */
async function upload(
  bytes: Uint8Array | ReadableStream<Uint8Array>,
  options: { cookie?: string; type?: string; length?: number } = {},
) {
  const headers: Record<string, string> = {
    origin: ORIGIN,
    'content-type': options.type ?? 'application/octet-stream',
  };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.length !== undefined) headers['content-length'] = String(options.length);
  const request = new Request(new URL('/api/media', ORIGIN), {
    method: 'POST',
    headers,
    body: bytes as BodyInit,
    ...(bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const response = await invokeRouted(media, request);
  return { status: response.status, json: (await response.json()) as any };
}

/** A public GET of an image address, with the bytes as they came. */
async function view(url: string) {
  const response = await invokeRouted(media, new Request(new URL(url, ORIGIN)));
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('uploads', () => {
  it.each([
    ['image/jpeg', jpeg, 5, 3],
    ['image/png', png(9, 6), 9, 6],
    ['image/webp', webp, 7, 4],
    ['image/avif', avif(640, 360), 640, 360],
  ] as const)('accepts %s, reads its size, and serves it back byte for byte', async (type, bytes, width, height) => {
    const { cookie } = await signedInStaff();
    // The declared type is not what decides: every file is sent as octet-stream.
    const created = await upload(bytes, { cookie });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.(jpg|png|webp|avif)$/),
      width,
      height,
    });
    const served = await view(created.json.url);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(Buffer.from(bytes))).toBe(true);
    expect(served.headers.get('content-type')).toBe(type);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'");
    const head = await invokeRouted(media, new Request(new URL(created.json.url, ORIGIN), { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(type);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
  });

  it('gives the same bytes the same address, once', async () => {
    const { cookie, username } = await signedInStaff();
    const bytes = png(3, 3, [1, 2, 3]);
    const first = await upload(bytes, { cookie, type: 'image/png' });
    const second = await upload(bytes, { cookie, type: 'image/png' });
    expect(second.status).toBe(201);
    expect(second.json.url).toBe(first.json.url);
    const listed = (await call(media, 'GET', '/api/media', { cookie })).json as any[];
    expect(listed.filter((item) => item.url === first.json.url)).toHaveLength(1);
    expect(
      (await listAudit()).filter((event) => event.action === 'media.upload' && event.by === username),
    ).toHaveLength(2);
  });

  it.each([
    ['an SVG declared as image/png', svg, 'image/png'],
    ['an SVG declared as what it is', svg, 'image/svg+xml'],
    ['a text file', Buffer.from('Just some notes, not an image.\n'), 'image/jpeg'],
    ['nothing at all', Buffer.alloc(0), 'image/png'],
  ])('refuses %s with 415', async (_name, bytes, type) => {
    const { cookie } = await signedInStaff();
    const response = await upload(bytes, { cookie, type });
    expect(response.status).toBe(415);
    expect(response.json.error).toMatch(/JPEG, PNG, WebP or AVIF/);
  });

  it('refuses more than 4 MB with 413, whether or not the length is declared', async () => {
    const { cookie } = await signedInStaff();
    const big = Buffer.concat([png(2, 2), Buffer.alloc(MEDIA_MAX_BYTES)]);
    const declared = await upload(big, { cookie, length: big.length });
    expect(declared.status).toBe(413);
    expect(declared.json.error).toMatch(/4 MB/);
    // Refused from the declared length alone, before a byte is read.
    expect((await upload(png(2, 2), { cookie, length: MEDIA_MAX_BYTES + 1 })).status).toBe(413);
    // A stream without a length, which never ends: it must be refused without reading it all.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const streamed = await upload(endless, { cookie });
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(MEDIA_MAX_BYTES + 1024 * 1024);
  });

  it('accepts exactly 4 MB', async () => {
    const { cookie } = await signedInStaff();
    const image = png(2, 2);
    // A text chunk fills it up: nothing may follow the end chunk (see below).
    const filler = pngChunk('tEXt', Buffer.alloc(MEDIA_MAX_BYTES - image.length - 12, 0x61));
    const exact = Buffer.concat([image.subarray(0, image.length - 12), filler, image.subarray(image.length - 12)]);
    expect(exact.length).toBe(MEDIA_MAX_BYTES);
    expect((await upload(exact, { cookie })).status).toBe(201);
  });
});

describe('what is read of an image before it is stored', () => {
  const u32 = (value: number) => Buffer.from([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
  const PNG_SIGNATURE = png(1, 1).subarray(0, 8);
  const ihdr = (width: number, height: number) =>
    pngChunk('IHDR', Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]));
  const random = (length: number) => randomBytes(length);

  it.each([
    ['a PNG signature with no image after it', () => png(4, 4).subarray(0, 12)],
    [
      'a PNG header followed by 4 MB of random bytes',
      () => Buffer.concat([PNG_SIGNATURE, ihdr(64, 64), random(MEDIA_MAX_BYTES - 100)]),
    ],
    [
      'a PNG whose pixel data is random bytes with valid chunk checksums',
      () => {
        const image = png(64, 64);
        return Buffer.concat([image.subarray(0, 33), pngChunk('IDAT', random(500)), image.subarray(image.length - 12)]);
      },
    ],
    [
      'a PNG with fewer rows than its header declares',
      () => {
        const whole = png(40, 40);
        const short = png(40, 30);
        return Buffer.concat([whole.subarray(0, 33), short.subarray(33)]);
      },
    ],
    [
      'a PNG with a flipped byte (checksum mismatch)',
      () => {
        const image = Buffer.from(png(8, 8));
        image[40] = image[40]! ^ 0xff;
        return image;
      },
    ],
    ['a PNG with random bytes after its end chunk', () => Buffer.concat([png(8, 8), random(4096)])],
    ['a JPEG header followed by random bytes', () => Buffer.concat([jpeg.subarray(0, 20), random(100_000)])],
    ['a JPEG cut off before its end', () => jpeg.subarray(0, jpeg.length - 10)],
    ['a WebP whose RIFF size is wrong', () => Buffer.concat([webp, random(1000)])],
    ['an AVIF header without picture data', () => avif(640, 360).subarray(0, avif(640, 360).length - 16)],
  ])('refuses %s with 415', async (_name, make) => {
    const { cookie } = await signedInStaff();
    const response = await upload(make(), { cookie });
    expect(response.status).toBe(415);
    expect(response.json.error).toMatch(/damaged or is not a complete image/);
  });

  it.each([
    ['4,294,967,295 × 4,294,967,295', png(1, 1), 0xffffffff, 0xffffffff],
    ['12,001 × 1', png(12_001, 1), 12_001, 1],
    ['1 × 12,001', png(1, 12_001), 1, 12_001],
  ] as const)('refuses a PNG of %s pixels with 422', async (_name, image, width, height) => {
    const { cookie } = await signedInStaff();
    // The header as declared, the rest as it is (the checksum made to fit, as a forger would).
    const declared = Buffer.concat([image.subarray(0, 8), ihdr(width, height), image.subarray(33)]);
    const response = await upload(declared, { cookie });
    expect(response.status).toBe(422);
    expect(response.json.error).toBe('Images may be at most 12,000 pixels on each side. Please resize it first.');
  });

  it('accepts an image 12,000 pixels wide', async () => {
    const { cookie } = await signedInStaff();
    const created = await upload(png(12_000, 1), { cookie });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ width: 12_000, height: 1 });
  });

  it('answers 413 once the library would pass MEDIA_LIBRARY_MAX_BYTES, and takes uploads again after a deletion', async () => {
    const { cookie } = await signedInStaff();
    const listed = (await call(media, 'GET', '/api/media', { cookie })).json as { size: number; key: string }[];
    const used = listed.reduce((sum, item) => sum + item.size, 0);
    const first = png(20, 20, [9, 9, 9]);
    const second = png(21, 21, [9, 9, 9]);
    process.env.MEDIA_LIBRARY_MAX_BYTES = String(used + first.length + second.length - 1);
    try {
      const kept = await upload(first, { cookie });
      expect(kept.status).toBe(201);
      const full = await upload(second, { cookie });
      expect(full.status).toBe(413);
      expect(full.json.error).toMatch(
        /^The image library is full \([\d.]+ MB in all\)\. Delete images that are no longer used/,
      );
      // The same bytes again take no room: still answered with their address.
      expect((await upload(first, { cookie })).status).toBe(201);
      expect(
        (await call(media, 'DELETE', `/api/media/${kept.json.url.slice('/media/'.length)}`, { cookie })).status,
      ).toBe(204);
      expect((await upload(second, { cookie })).status).toBe(201);
    } finally {
      delete process.env.MEDIA_LIBRARY_MAX_BYTES;
    }
  });
});

describe('the library', () => {
  it('lists images newest first, and deletes one, which then answers 404', async () => {
    const { cookie, username } = await signedInStaff();
    const older = await upload(png(11, 5), { cookie });
    const newer = await upload(png(12, 5), { cookie });
    const list = (await call(media, 'GET', '/api/media', { cookie })).json as any[];
    const urls = list.map((item) => item.url);
    expect(urls.indexOf(newer.json.url)).toBeLessThan(urls.indexOf(older.json.url));
    expect(list.find((item) => item.url === newer.json.url)).toMatchObject({
      key: newer.json.url.slice('/media/'.length),
      contentType: 'image/png',
      width: 12,
      height: 5,
      size: png(12, 5).length,
      uploadedBy: username,
      uploadedAt: expect.any(String),
    });

    const key = newer.json.url.slice('/media/'.length);
    expect((await call(media, 'DELETE', `/api/media/${key}`, { cookie })).status).toBe(204);
    expect((await view(newer.json.url)).status).toBe(404);
    expect((await call(media, 'DELETE', `/api/media/${key}`, { cookie })).status).toBe(404);
    const after = ((await call(media, 'GET', '/api/media', { cookie })).json as any[]).map((item) => item.url);
    expect(after).not.toContain(newer.json.url);
    expect(after).toContain(older.json.url);
    expect((await listAudit()).some((event) => event.action === 'media.delete' && event.target === key)).toBe(true);
  });

  it('answers 404 with an error for unknown and malformed addresses', async () => {
    for (const url of [
      `/media/${'0'.repeat(64)}.png`,
      '/media/..%2Fblog-posts',
      '/media/abc.svg',
      `/media/${'a'.repeat(64)}.PNG`,
    ]) {
      const response = await invokeRouted(media, new Request(new URL(url, ORIGIN)));
      expect(response.status, url).toBe(404);
      expect(await response.json(), url).toEqual({ error: expect.any(String) });
    }
  });

  it('is for staff only: 401 without a session', async () => {
    expect((await upload(png(2, 2))).status).toBe(401);
    expect((await call(media, 'GET', '/api/media')).status).toBe(401);
    expect((await call(media, 'DELETE', `/api/media/${'0'.repeat(64)}.png`)).status).toBe(401);
  });

  it("gives the build each uploaded image's size in a post's text, and none for an image since deleted", async () => {
    const { cookie } = await signedInStaff();
    const wide = (await upload(png(800, 450, [1, 2, 3]), { cookie })).json;
    const tall = (await upload(avif(300, 600), { cookie })).json;
    const gone = `/media/${'f'.repeat(64)}.webp`;
    const content = `Intro.\n\n![A](${wide.url})\n\nMore ![B](${tall.url}) and ![C](${gone}) and ![A again](${wide.url}).`;
    const created = await call(blogPosts, 'POST', '/api/blog-posts', {
      body: { title: 'Sized images', slug: 'sized-images', content, isPublished: true },
      cookie,
    });
    expect(created.status).toBe(201);
    // The build's loader renders the article with the sizes; the unknown one has none.
    const html = String((await loadPosts()).entries.get('sized-images')?.rendered?.html);
    // An upload of known size also comes in WebP copies from the image CDN, never wider than it is.
    const copies = [320, 480, 640, 800].map(
      (width) => `/.netlify/images?url=${encodeURIComponent(wide.url)}&#x26;w=${width}&#x26;fm=webp ${width}w`,
    );
    expect(html).toContain(
      `<img src="${wide.url}" alt="A" width="800" height="450" srcset="${copies.join(', ')}" sizes="(min-width: 48rem) 44rem, calc(100vw - 2rem)" loading="lazy" decoding="async">`,
    );
    expect(html).toContain(`<img src="${gone}" alt="C" loading="lazy" decoding="async">`);
  });
});
