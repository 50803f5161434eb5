/**
 * The Storage subset: download, upload and removal of objects, and signed download URLs. Object rows live in
 * storage.objects and are read or written as the caller's role, so the bucket's policies decide; the bytes live in
 * standin.blobs.
 * Errors have Storage's shape: HTTP 400 with the real status as a string in `statusCode`.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from './db.ts';
import { asRole, scrubErased } from './db.ts';
import { callerOf, readBody, sendJson, type Req, type Res } from './http.ts';
import { secretKey } from './keys.ts';

/** The characters real Storage accepts in a key; anything else is refused at upload. */
const VALID_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;

function storageError(res: Res, status: string, code: string, error: string, message: string, http = 400): void {
  sendJson(res, http, { statusCode: status, code, error, message });
}

function invalidBucket(res: Res): void {
  storageError(res, '400', 'InvalidBucketName', 'Invalid Input', 'The bucket name is invalid');
}

/**
 * Splits `/storage/v1/object/<bucket>/<key>` (or `/storage/v1/object/sign/<bucket>/<key>`) and decodes the key
 * safely; undefined when the key is unsafe.
 */
function objectPath(pathname: string): { bucket: string | undefined; key: string | undefined } {
  const [bucket = '', ...segments] = pathname.replace(/^\/storage\/v1\/object\/(sign\/)?/, '').split('/');
  let key: string | undefined;
  try {
    const decoded = segments.map((segment) => decodeURIComponent(segment));
    // No empty, '.' or '..' segments, no separators hidden in an encoded segment, nothing outside the bucket.
    const safe = decoded.length > 0 && decoded.every((s) => s !== '' && s !== '.' && s !== '..' && !/[/\\\0]/.test(s));
    key = safe && VALID_KEY.test(decoded.join('/')) ? decoded.join('/') : undefined;
  } catch {
    key = undefined;
  }
  return { bucket: bucketName(bucket), key };
}

/** A bucket name from its URL segment, or undefined when it cannot be one. */
function bucketName(segment: string): string | undefined {
  try {
    const name = decodeURIComponent(segment);
    return VALID_BUCKET.test(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

/** Storage's rule for bucket names: 1-100 safe characters, no separators. */
const VALID_BUCKET = /^[\w!.*'() &$@=;:+,?-]{1,100}$/;

export function createStorage(db: Db, anonKey: string) {
  async function bucketOf(id: string) {
    return (await db.query<{ id: string; public: boolean; file_size_limit: number | null; allowed_mime_types: string[] | null }>(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    )).rows[0];
  }

  async function download(req: Req, res: Res, url: URL) {
    const { bucket: bucketId, key } = objectPath(url.pathname);
    if (!bucketId) return invalidBucket(res);
    const caller = await callerOf(req, anonKey);
    const bucket = await bucketOf(bucketId);
    // Storage treats a missing, invalid or expired JWT as unauthenticated: a private bucket then "does not exist".
    if (!bucket || (!bucket.public && (!caller.ok || !caller.authenticated))) return storageError(res, '404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
    if (!key) return storageError(res, '400', 'InvalidKey', 'InvalidKey', `Invalid key: ${url.pathname.split('/').slice(5).join('/')}`);
    const who = caller.ok ? caller.who : { role: 'anon' as const, claims: {} };
    const object = await asRole(db, who, async (tx) =>
      (await tx.query<{ version: string; metadata: { mimetype?: string } | null }>(
        'select version, metadata from storage.objects where bucket_id = $1 and name = $2',
        [bucket.id, key],
      )).rows[0],
      { readOnly: true, path: url.pathname },
    );
    if (!object) return storageError(res, '404', 'NoSuchKey', 'not_found', 'Object not found');
    await sendObject(req, res, url, bucket.id, key, object.version, object.metadata);
  }

  /** The object's bytes with Storage's headers; `?download[=name]` makes it an attachment. */
  async function sendObject(req: Req, res: Res, url: URL, bucketId: string, key: string, version: string, metadata: { mimetype?: string } | null, headers: Record<string, string> = {}) {
    const blob = (await db.query<{ data: Uint8Array }>('select data from standin.blobs where bucket_id = $1 and name = $2 and version = $3', [bucketId, key, version])).rows[0];
    if (!blob) return storageError(res, '404', 'NoSuchKey', 'not_found', 'Object not found');
    res.statusCode = 200;
    res.setHeader('Content-Type', metadata?.mimetype ?? 'application/octet-stream');
    res.setHeader('Content-Length', String(blob.data.byteLength));
    res.setHeader('Cache-Control', 'max-age=3600');
    res.setHeader('ETag', `"${version}"`);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    // As real Storage's renderer: `?download[=name]` (what signed and public URLs made with `download` carry) asks
    // for an attachment, so a browser opening the URL saves the file instead of showing it.
    const download = url.searchParams.get('download');
    if (download !== null) {
      const name = encodeURIComponent(download);
      res.setHeader('Content-Disposition', download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name};`);
    }
    res.end(req.method === 'HEAD' ? undefined : Buffer.from(blob.data));
  }

  /**
   * `createSignedUrl(key, seconds)`: POST /storage/v1/object/sign/<bucket>/<key> with `{expiresIn}`. As Storage does,
   * the object is looked up as the caller, so only someone its policies let read it gets a URL; the URL's token is
   * a JWT signed with the project's secret that names the object (`url: '<bucket>/<key>'`, scope `download`) and
   * expires with it. Whoever holds the URL may then download the object until then, without signing in.
   */
  async function signUrl(req: Req, res: Res, url: URL) {
    const { bucket: bucketId, key } = objectPath(url.pathname);
    if (!bucketId) return invalidBucket(res);
    const caller = await callerOf(req, anonKey);
    if (!caller.ok) return storageError(res, '403', 'InvalidJWT', 'Unauthorized', String(caller.body.message), 400);
    if (!key) return storageError(res, '400', 'InvalidKey', 'InvalidKey', `Invalid key: ${url.pathname.split('/').slice(6).join('/')}`);
    let expiresIn: unknown;
    try {
      expiresIn = (JSON.parse((await readBody(req, 64 * 1024)).toString('utf8')) as { expiresIn?: unknown }).expiresIn;
    } catch {
      expiresIn = undefined;
    }
    if (!Number.isInteger(expiresIn) || (expiresIn as number) < 1) return storageError(res, '400', 'InvalidRequest', 'Bad Request', 'body/expiresIn must be an integer of at least 1');
    const object = await asRole(db, caller.who, async (tx) =>
      (await tx.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [bucketId, key])).rows[0],
      { readOnly: true, path: url.pathname },
    );
    if (!object) return storageError(res, '404', 'NoSuchKey', 'not_found', 'Object not found');
    const token = await new SignJWT({ url: `${bucketId}/${key}`, scope: 'download' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + (expiresIn as number))
      .sign(secretKey);
    sendJson(res, 200, { signedURL: `/object/sign/${bucketId}/${key}?token=${token}` });
  }

  /**
   * A signed URL: GET /storage/v1/object/sign/<bucket>/<key>?token=...[&download=name]. No sign-in: the token is
   * the permission. Refused, with Storage's errors, when it is not the project's, has expired, was made for
   * another object, or is not a download token (a user's access token is not one).
   */
  async function downloadSigned(req: Req, res: Res, url: URL) {
    const { bucket: bucketId, key } = objectPath(url.pathname);
    if (!bucketId) return invalidBucket(res);
    const token = url.searchParams.get('token');
    if (!token) return storageError(res, '400', 'InvalidRequest', 'Bad Request', "querystring must have required property 'token'");
    let payload: { url?: unknown; scope?: unknown; exp?: number; role?: unknown };
    try {
      payload = (await jwtVerify(token, secretKey, { algorithms: ['HS256'] })).payload;
    } catch (error) {
      return storageError(res, '400', 'InvalidJWT', 'InvalidJWT', (error as Error).message || 'Invalid JWT');
    }
    // Storage's download scope: 'download', or a token from before scopes that is no upload token.
    const downloadScoped = payload.scope === 'download' || (payload.scope === undefined && typeof payload.url === 'string' && !('upsert' in payload));
    if (!downloadScoped) return storageError(res, '400', 'InvalidSignature', 'InvalidSignature', 'Token is not scoped for download');
    if (!key || payload.url !== `${bucketId}/${key}`) return storageError(res, '400', 'InvalidSignature', 'InvalidSignature', 'Invalid signature');
    if (!payload.exp || payload.exp * 1000 < Date.now()) return storageError(res, '400', 'ExpiredToken', 'ExpiredToken', 'The provided token has expired.');
    // The token was checked against the policies when it was made: the object is read as the superuser now.
    const object = (await db.query<{ version: string; metadata: { mimetype?: string } | null }>(
      'select version, metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, key],
    )).rows[0];
    if (!object) return storageError(res, '404', 'NoSuchKey', 'not_found', 'Object not found');
    await sendObject(req, res, url, bucketId, key, object.version, object.metadata, { Expires: new Date(payload.exp * 1000).toUTCString() });
  }

  async function upload(req: Req, res: Res, url: URL) {
    const { bucket: bucketId, key } = objectPath(url.pathname);
    if (!bucketId) return invalidBucket(res);
    const caller = await callerOf(req, anonKey);
    if (!caller.ok) return storageError(res, '403', 'InvalidJWT', 'Unauthorized', String(caller.body.message), 400);
    const bucket = await bucketOf(bucketId);
    if (!bucket) return storageError(res, '404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
    if (!key) return storageError(res, '400', 'InvalidKey', 'InvalidKey', `Invalid key: ${url.pathname.split('/').slice(5).join('/')}`);

    let data: Buffer = await readBody(req);
    let mimetype = String(req.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim();
    if (mimetype === 'multipart/form-data') {
      const form = await new Request(url, { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body: new Uint8Array(data) }).formData();
      const file = [...form.values()].find((value): value is File => typeof value !== 'string');
      if (!file) return storageError(res, '400', 'InvalidRequest', 'InvalidRequest', 'No file in the form');
      data = Buffer.from(await file.arrayBuffer());
      mimetype = file.type || 'application/octet-stream';
    }
    if (bucket.file_size_limit && data.byteLength > bucket.file_size_limit) return storageError(res, '413', 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size');
    if (bucket.allowed_mime_types?.length && !bucket.allowed_mime_types.includes(mimetype)) {
      return storageError(res, '415', 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimetype} is not supported`);
    }

    const version = randomUUID();
    const upsert = req.headers['x-upsert'] === 'true' || req.method === 'PUT';
    const metadata = { eTag: `"${version}"`, size: data.byteLength, mimetype, cacheControl: 'max-age=3600', lastModified: new Date().toISOString(), contentLength: data.byteLength, httpStatusCode: 200 };
    try {
      const id = await asRole(db, caller.who, async (tx) => {
        const sql = `insert into storage.objects (bucket_id, name, owner_id, metadata, version) values ($1, $2, $3, $4, $5)
                     on conflict (bucket_id, name) ${upsert ? 'do update set metadata = excluded.metadata, version = excluded.version, updated_at = now()' : 'do nothing'}
                     returning id`;
        const result = await tx.query<{ id: string }>(sql, [bucket.id, key, caller.who.claims.sub ?? null, JSON.stringify(metadata), version]);
        return result.rows[0]?.id;
      }, { method: 'POST', path: url.pathname });
      if (!id) return storageError(res, '409', 'Duplicate', 'Duplicate', 'The resource already exists');
    } catch (error) {
      if ((error as { code?: string }).code === '42501') return storageError(res, '403', 'Unauthorized', 'Unauthorized', 'new row violates row-level security policy');
      throw error;
    }
    await db.query('insert into standin.blobs (bucket_id, name, version, data) values ($1, $2, $3, $4)', [bucket.id, key, version, data]);
    sendJson(res, 200, { Key: `${bucket.id}/${key}`, Id: version });
  }

  /**
   * `remove([keys])`: DELETE /storage/v1/object/<bucket> with `{prefixes: [keys]}`. Deletes, as the caller's
   * role, the objects its policies let it delete (none but the service role's, here) and lists them.
   */
  async function remove(req: Req, res: Res, url: URL) {
    const bucketId = bucketName(url.pathname.replace(/^\/storage\/v1\/object\//, ''));
    if (!bucketId) return invalidBucket(res);
    const caller = await callerOf(req, anonKey);
    if (!caller.ok) return storageError(res, '403', 'InvalidJWT', 'Unauthorized', String(caller.body.message), 400);
    const bucket = await bucketOf(bucketId);
    if (!bucket) return storageError(res, '404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
    let prefixes: unknown;
    try {
      prefixes = (JSON.parse((await readBody(req)).toString('utf8')) as { prefixes?: unknown }).prefixes;
    } catch {
      prefixes = undefined;
    }
    if (!Array.isArray(prefixes) || prefixes.length < 1 || prefixes.length > 1000 || !prefixes.every((p) => typeof p === 'string')) {
      return storageError(res, '400', 'InvalidRequest', 'InvalidRequest', 'body/prefixes must be a list of 1 to 1000 object names');
    }
    const deleted = await asRole(db, caller.who, async (tx) =>
      (await tx.query<{ name: string; version: string }>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning name, id, version, bucket_id, owner_id, metadata, created_at, updated_at, last_accessed_at`,
        [bucket.id, prefixes],
      )).rows,
      { method: 'DELETE', path: url.pathname },
    );
    for (const object of deleted) await db.query('delete from standin.blobs where bucket_id = $1 and name = $2 and version = $3', [bucket.id, object.name, object.version]);
    // A removed file's bytes (a resume's words) leave the data folder too, not only the tables.
    if (deleted.length > 0) await scrubErased(db);
    sendJson(res, 200, deleted);
  }

  return async function handleStorage(req: Req, res: Res, url: URL): Promise<void> {
    if (!url.pathname.startsWith('/storage/v1/object/')) return storageError(res, '404', 'NotFound', 'not_found', 'Route not found');
    if (url.pathname.startsWith('/storage/v1/object/sign/')) {
      if (req.method === 'POST') return signUrl(req, res, url);
      if (req.method === 'GET' || req.method === 'HEAD') return downloadSigned(req, res, url);
      return storageError(res, '405', 'MethodNotAllowed', 'method_not_allowed', `Unsupported method ${req.method}`);
    }
    if (req.method === 'DELETE' && !url.pathname.replace(/^\/storage\/v1\/object\//, '').includes('/')) return remove(req, res, url);
    if (req.method === 'GET' || req.method === 'HEAD') return download(req, res, url);
    if (req.method === 'POST' || req.method === 'PUT') return upload(req, res, url);
    storageError(res, '405', 'MethodNotAllowed', 'method_not_allowed', `Unsupported method ${req.method}`);
  };
}
