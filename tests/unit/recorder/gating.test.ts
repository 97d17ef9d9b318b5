import { describe, expect, it } from 'vitest';
import { classifyConnection, connectionBadgeText } from '../../../web/src/data/connection.js';
import { processingBlock, processingMessages } from '../../../web/src/data/processing/gate.js';

describe('connection classification', () => {
  it.each([
    [false, undefined, 'offline'],
    [true, { type: 'none' }, 'offline'],
    [true, { type: 'wifi', effectiveType: '4g' }, 'wifi'],
    [true, { type: 'cellular', effectiveType: '4g' }, 'cellular'],
    [true, { effectiveType: '3g' }, 'cellular'],
    [true, { effectiveType: 'slow-2g' }, 'cellular'],
    [true, { effectiveType: '4g' }, 'other'],
    [true, { type: 'ethernet', effectiveType: '3g' }, 'other'],
    [true, { type: 'unknown' }, 'other'],
    [true, undefined, 'other'],
  ] as const)('onLine=%s connection=%o → %s', (onLine, connection, expected) => {
    expect(classifyConnection(onLine, connection).type).toBe(expected);
  });

  it('shows the four badge texts verbatim', () => {
    expect(connectionBadgeText({ type: 'offline' }, true)).toBe('Offline - Recordings saved locally');
    expect(connectionBadgeText({ type: 'cellular' }, true)).toBe(
      'Cellular - Processing paused (WiFi-only mode)',
    );
    expect(connectionBadgeText({ type: 'cellular' }, false)).toBe('Online');
    expect(connectionBadgeText({ type: 'wifi' }, true)).toBe('WiFi - Ready to process');
    expect(connectionBadgeText({ type: 'other' }, true)).toBe('Online');
  });
});

describe('processing gate', () => {
  const wifi = { type: 'wifi' } as const;
  it('needs audio first', () => {
    expect(processingBlock({ hasAudio: false, connection: wifi, wifiOnly: true })).toMatchObject({
      message: 'No audio recording found',
      queue: false,
    });
  });
  it('blocks and queues offline', () => {
    expect(
      processingBlock({ hasAudio: true, connection: { type: 'offline' }, wifiOnly: false }),
    ).toMatchObject({
      message: "You're offline. Recording will be processed when connection is restored.",
      queue: true,
    });
  });
  it('blocks cellular only in Wi-Fi-only mode; unknown counts as allowed', () => {
    expect(
      processingBlock({ hasAudio: true, connection: { type: 'cellular' }, wifiOnly: true })?.message,
    ).toBe(processingMessages.wifiOnly);
    expect(processingBlock({ hasAudio: true, connection: { type: 'cellular' }, wifiOnly: false })).toBeNull();
    expect(processingBlock({ hasAudio: true, connection: { type: 'other' }, wifiOnly: true })).toBeNull();
    expect(processingBlock({ hasAudio: true, connection: wifi, wifiOnly: true })).toBeNull();
  });
});
