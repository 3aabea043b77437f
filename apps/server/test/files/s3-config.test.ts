import { expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';

it('S3_* settings: a bucket is needed with the others, keys come in pairs, the endpoint is a URL', () => {
  expect(loadConfig({}).S3_BUCKET).toBeUndefined();
  expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'on' })).toMatchObject({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'on' });
  expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
  expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(ConfigError);
  expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  expect(() => loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'talvez' })).toThrow(/S3_FORCE_PATH_STYLE/);
});
