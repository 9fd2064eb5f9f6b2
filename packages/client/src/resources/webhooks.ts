import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type {
  Delivery,
  DeliveryList,
  DeliveryListQuery,
  DeliveryOutcome,
  WebhookCreated,
  WebhookCreateInput,
  WebhookList,
} from '../types.js';

/** The webhook endpoints. */
export function webhooksApi(call: Call) {
  return {
    /**
     * Registers a receiver; the answer carries the signing secret, shown only this once.
     *
     * @example const { id, secret } = await client.webhooks.create({ url: 'https://example.com/hooks/tj', events: ['trade.closed'] });
     */
    create(body: WebhookCreateInput, options?: CallOptions): Promise<WebhookCreated> {
      return call('createWebhook', { body }, options);
    },

    /**
     * The user's webhooks (without secrets).
     *
     * @example const { webhooks } = await client.webhooks.list();
     */
    list(options?: CallOptions): Promise<WebhookList> {
      return call('listWebhooks', {}, options);
    },

    /**
     * Removes a webhook.
     *
     * @example await client.webhooks.delete(webhookId);
     */
    async delete(webhookId: string, options?: CallOptions): Promise<void> {
      await call('deleteWebhook', { params: { id: webhookId } }, options);
    },

    /**
     * Sends a `webhook.test` event at once and reports how the receiver answered.
     *
     * @example const { delivered, statusCode } = await client.webhooks.test(webhookId);
     */
    test(webhookId: string, options?: CallOptions): Promise<DeliveryOutcome> {
      return call('testWebhook', { params: { id: webhookId } }, options);
    },

    /**
     * One page of a webhook's deliveries with their latest attempt and every attempt (`attemptLog`).
     *
     * @example const { deliveries } = await client.webhooks.deliveries(webhookId, { status: 'failed' });
     */
    deliveries(webhookId: string, query: DeliveryListQuery = {}, options?: CallOptions): Promise<DeliveryList> {
      return call('listWebhookDeliveries', { params: { id: webhookId }, query }, options);
    },

    /**
     * Queues a delivery to be sent again.
     *
     * @example const delivery = await client.webhooks.redeliver(webhookId, deliveryId);
     */
    redeliver(webhookId: string, deliveryId: string, options?: CallOptions): Promise<Delivery> {
      return call('redeliverWebhookDelivery', { params: { id: webhookId, deliveryId } }, options);
    },
  };
}
