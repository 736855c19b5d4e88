import { printLighthouse, runLighthouse } from './lighthouse.js';
import { measurePageWeight, printPageWeights } from './page-weight.js';
import { startStandIns, useStandIns } from './stand-ins.js';

/**
 * Prints the JavaScript each page loads before it is usable and Lighthouse's mobile run of each,
 * with the code host and the calendar image served by loopback stand-ins, as they load online.
 */
export async function reportPages(serverUrl: string, paths: readonly string[]): Promise<void> {
  const standIns = await startStandIns();
  try {
    await useStandIns(serverUrl, standIns.calendarUrl);
    printPageWeights(await measurePageWeight(serverUrl, [...paths]));
    console.info('');
    printLighthouse(
      await runLighthouse(
        paths.map((page) => serverUrl + page),
        standIns.chromeFlags,
      ),
      serverUrl,
    );
  } finally {
    await standIns.close();
  }
}
