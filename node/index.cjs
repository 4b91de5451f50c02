'use strict';
// Loads the addon built for this platform (scripts/build-addon.sh puts it
// beside this file). Its exports are made from the core's op list when it
// loads: `call`, `ops`, and one typed function per op.
const { join } = require('node:path');

const file = `hapi-a2a-core.${process.platform}-${process.arch}.node`;
try {
  module.exports = require(join(__dirname, file));
} catch (error) {
  if (error && error.code === 'MODULE_NOT_FOUND') {
    throw new Error(
      `hapi-a2a-core-node: no addon built for ${process.platform}-${process.arch} (${file}); `
        + 'build it with scripts/build-addon.sh',
      { cause: error },
    );
  }
  throw error;
}
