import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigurationError } from '../errors/index.js';
import { failureLine, fileSettingError } from './startup-failure.js';

test('an IliumError is one line; a bug keeps its stack trace; ILIUM_DEBUG=1 shows every stack', () => {
  const config = new ConfigurationError('native_transport_port must be a number');
  assert.equal(failureLine(config, {}), 'ilium: ConfigurationError: native_transport_port must be a number');
  assert.match(failureLine(config, { ILIUM_DEBUG: '1' }), /\n\s+at /);
  assert.match(failureLine(new TypeError('x is undefined'), {}), /^ilium: TypeError: x is undefined\n\s+at /);
});

test('a file-system error under a configured directory names the setting', () => {
  const err = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES', path: '/srv/data/LOCK.1.new' });
  const dirs = [{ path: '/srv/data', setting: 'data_file_directories (--data)' }, { path: '/srv/hints', setting: 'hints_directory' }];
  const e = fileSettingError(err, dirs);
  assert.ok(e instanceof ConfigurationError);
  assert.equal(e.message, 'cannot use /srv/data for data_file_directories (--data): permission denied at /srv/data/LOCK.1.new');
  const under = fileSettingError(Object.assign(new Error('ENOTDIR'), { code: 'ENOTDIR', path: '/srv/hints/h1' }), dirs) as Error;
  assert.match(under.message, /^cannot use \/srv\/hints for hints_directory: a part of the path is a file/);
  // Not a file-system error: unchanged.
  const bug = new RangeError('bug');
  assert.equal(fileSettingError(bug, dirs), bug);
});
