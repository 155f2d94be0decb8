#!/usr/bin/env node
// `npx ndcg-calc trec QRELS RUN` (and explain, compare, presets): the native
// `ndcg` command's own C++ (cpp/cli) compiled to WebAssembly, reading and
// writing files through Node's file system. Its output is the native
// command's, byte for byte (tests/js/cli-node.test.mjs).
require('../dist/ndcg-cli.js');
