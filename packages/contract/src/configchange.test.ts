import { describe, expect, it } from 'vitest';
import {
  CONFIG_CHANGE_ACTIONS,
  CONFIG_CHANGE_PHASES,
  canApplyChange,
  canCancelChange,
  convertParamValue,
  phaseColor,
  sortConfigTypes,
  validateImageTag,
  validateParamValue,
} from './configchange.js';

describe('parameter value validation (spec §5 messages, verbatim)', () => {
  it.each([
    ['int', '12a', 'the input should be an int'],
    ['int', '1.5', 'the input should be an int'],
    ['float', 'abc', 'the input should be float'],
    ['bool', 'yes', 'the input should be bool'],
    ['json', '{a:1}', 'the input should be json format'],
    ['int', '', 'new int value is required'],
    ['string', '', 'new string value is required'],
    ['string', ' info', 'please delete the whitespaces in the head and tail'],
    ['int', '5 ', 'please delete the whitespaces in the head and tail'],
    ['duration', '5s', 'unknown type, please choose type manually'],
  ])('%s %j → %s', (type, raw, message) => {
    expect(validateParamValue(type, raw)).toBe(message);
  });

  it('accepts valid values of every type', () => {
    expect(validateParamValue('int', '-42')).toBeUndefined();
    expect(validateParamValue('float', '0.75')).toBeUndefined();
    expect(validateParamValue('bool', 'false')).toBeUndefined();
    expect(validateParamValue('json', '{"a":[1,2]}')).toBeUndefined();
    expect(validateParamValue('string', 'warn')).toBeUndefined();
  });

  it('applies the per-parameter rules with their own messages', () => {
    expect(validateParamValue('string', 'loud', { enum: ['debug', 'info', 'warn'] })).toBe(
      'the value should be one of debug, info, warn',
    );
    expect(validateParamValue('int', '2000', { maximum: 1024 })).toBe('the value should be less than or equal to 1024');
    expect(validateParamValue('float', '0.01', { minimum: 0.1 })).toBe(
      'the value should be greater than or equal to 0.1',
    );
    expect(validateParamValue('string', '10x', { pattern: '^\\d+(s|m|h)$' })).toBe(
      'the value should match the pattern ^\\d+(s|m|h)$',
    );
    expect(validateParamValue('int', '512', { minimum: 1, maximum: 1024 })).toBeUndefined();
  });

  it('converts values by type', () => {
    expect(convertParamValue('int', '7')).toBe(7);
    expect(convertParamValue('bool', 'true')).toBe(true);
    expect(convertParamValue('json', '{"x":1}')).toEqual({ x: 1 });
  });

  it('requires an image tag without surrounding whitespace', () => {
    expect(validateImageTag('')).toBe('image tag is required');
    expect(validateImageTag(' v8.1.1')).toBe('please delete the whitespaces in the head and tail');
    expect(validateImageTag('v8.1.1')).toBeUndefined();
  });
});

describe('config change phases (spec §4)', () => {
  it('applies only in wait_for_apply', () => {
    expect(CONFIG_CHANGE_PHASES.filter(canApplyChange)).toEqual(['wait_for_apply']);
  });
  it('disables Cancel in cancelled, withdrawn, applying and applied', () => {
    expect(CONFIG_CHANGE_PHASES.filter((p) => !canCancelChange(p))).toEqual([
      'applying',
      'applied',
      'cancelled',
      'withdrawn',
    ]);
    expect(Object.keys(CONFIG_CHANGE_ACTIONS)).toEqual([...CONFIG_CHANGE_PHASES]);
  });
  it('colours phase tags', () => {
    expect(CONFIG_CHANGE_PHASES.map(phaseColor)).toEqual([
      'geekblue',
      'orange',
      'cyan',
      'blue',
      'green',
      'grey',
      'red',
    ]);
    expect(phaseColor('mystery')).toBe('red');
  });
  it('sorts config types tidb, tikv, pd, then tiflash', () => {
    expect(sortConfigTypes(['tiflash', 'pd', 'tidb', 'tiflash_learner', 'tikv'])).toEqual([
      'tidb',
      'tikv',
      'pd',
      'tiflash',
      'tiflash_learner',
    ]);
  });
});
