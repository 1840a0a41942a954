import { describe, expect, it } from 'vitest';
import { APP_CODE_TEMPLATE_ID, withAppCode } from './appCode';

const TEMPLATE = `<template id="${APP_CODE_TEMPLATE_ID}">`;
const link = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}.js">`;

describe('withAppCode', () => {
  it.each([
    ['a page without a template gets one before </head>', '<head><title>t</title></head><body></body>', link('a'), `<head><title>t</title>${TEMPLATE}${link('a')}</template></head><body></body>`],
    [
      "the build's template gets the links after its own, so each chunk still follows what it imports",
      `<head>${TEMPLATE}${link('app')}</template><style>a{}</style></head>`,
      link('Screen'),
      `<head>${TEMPLATE}${link('app')}${link('Screen')}</template><style>a{}</style></head>`,
    ],
    ['no links leave the page as it was', '<head></head>', '', '<head></head>'],
  ])('%s', (_, html, links, expected) => {
    expect(withAppCode(html, links)).toBe(expected);
  });
});
