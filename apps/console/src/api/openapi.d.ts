// Generated from docs/openapi.json by `npm run openapi`; do not edit.
export interface paths {
    "/2025-10-13/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the writes made with the platform's credentials, newest first
         * @description Every POST, PUT, PATCH and DELETE of this platform and environment, refused ones included, with the before and after of configuration and fee-rule changes (secrets masked).
         */
        get: operations["AuditLogController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the platform's configuration in the token's environment */
        get: operations["PlatformConfigController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update the platform's configuration in the token's environment */
        patch: operations["PlatformConfigController_update"];
        trace?: never;
    };
    "/2025-10-13/config/uma-domain/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the umaDomain by its DNS TXT record
         * @description Looks up the TXT record umaDomainVerification names; once it reads the token, the domain is VERIFIED and production UMA requests on it are served
         */
        post: operations["PlatformConfigController_verifyUmaDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List customers, newest first */
        get: operations["CustomersController_list"];
        put?: never;
        /** Create a customer */
        post: operations["CustomersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a customer, deleted ones included */
        get: operations["CustomersController_get"];
        put?: never;
        post?: never;
        /** Delete a customer (soft delete); returns it with isDeleted true */
        delete: operations["CustomersController_delete"];
        options?: never;
        head?: never;
        /** Update a customer's fields; customerType must be the customer's own */
        patch: operations["CustomersController_update"];
        trace?: never;
    };
    "/2025-10-13/customers/bulk/csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import customers from a CSV file
         * @description Columns: umaAddress, platformCustomerId, customerType; fullName, birthDate (individuals) or businessLegalName (businesses); addressLine1, city, state, postalCode, country; optional addressLine2, platformAccountId, description, email, nationality, businessRegistrationNumber, businessTaxId and the bank columns accountType, accountNumber, routingNumber, accountCategory, clabeNumber, pixKey, pixKeyType, iban, swiftBic, bankName (an external account for the customer). UTF-8, comma-separated, a header row first. The rows are imported asynchronously: follow the job at GET /customers/bulk/jobs/{jobId} or wait for the BULK_UPLOAD webhook.
         */
        post: operations["UploadsController_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/customers/bulk/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bulk import jobs, newest first, with their status and progress
         * @description Without their failed rows: GET /customers/bulk/jobs/{jobId} lists those.
         */
        get: operations["ImportJobsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/customers/bulk/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a bulk import job: its status, progress and failed rows */
        get: operations["ImportJobsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/customers/external-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the customers' external accounts, newest first */
        get: operations["ExternalAccountsController_list"];
        put?: never;
        /** Add an external account for a customer, or for the platform when customerId is absent */
        post: operations["ExternalAccountsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/customers/internal-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the customers' internal accounts with their balances, newest first */
        get: operations["InternalAccountsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/customers/kyc-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a hosted KYC page link for a customer to onboard
         * @description The end customer opens kycUrl (no credentials needed) and submits their identity details; that creates the customer, redirects to redirectUri and sends a KYC_STATUS webhook. The link works once and expires after KYC_LINK_TTL_SECONDS (30 minutes by default).
         */
        get: operations["KycLinksController_createLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/exchange-rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Current rates (cached about five minutes) with the service's and the caller's platform fees */
        get: operations["ExchangeRatesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/fee-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the fee rules, newest first, disabled ones included */
        get: operations["FeeRulesController_list"];
        put?: never;
        /** Create the fee rule of a transaction type */
        post: operations["FeeRulesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/fee-rules/{feeRuleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a fee rule */
        get: operations["FeeRulesController_get"];
        put?: never;
        post?: never;
        /** Delete a fee rule; new quotes of its transaction type carry no platform fee */
        delete: operations["FeeRulesController_delete"];
        options?: never;
        head?: never;
        /**
         * Change the components of a fee rule, or enable or disable it
         * @description transactionType and feeType cannot change: delete the rule and create a new one.
         */
        patch: operations["FeeRulesController_update"];
        trace?: never;
    };
    "/2025-10-13/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a UMA invitation from one of the platform's customers */
        post: operations["InvitationsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/invitations/{invitationCode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a UMA invitation by its code */
        get: operations["InvitationsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/invitations/{invitationCode}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending UMA invitation
         * @description It can no longer be claimed.
         */
        post: operations["InvitationsController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/invitations/{invitationCode}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim a UMA invitation for an invitee UMA address
         * @description The invitation becomes CLAIMED and the platform gets an INVITATION_CLAIMED webhook.
         */
        post: operations["InvitationsController_claim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/ledger/postings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A transaction's ledger postings, each with its entries, in the order they were posted
         * @description Empty for a transaction that has moved no money yet, and for an unknown or another platform's or environment's transaction.
         */
        get: operations["LedgerPostingsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/plaid/callback/{linkToken}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange the public token of a link session: the new account is PENDING, then turns ACTIVE */
        post: operations["PlaidController_callback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/plaid/link-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a bank-link session for a customer */
        post: operations["PlaidController_createLinkToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/platform/external-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List all the platform's own external accounts, newest first, in one page */
        get: operations["ExternalAccountsController_listForPlatform"];
        put?: never;
        /** Add an external account of the platform's own */
        post: operations["ExternalAccountsController_createForPlatform"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/platform/internal-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the platform's own internal accounts, one per currency, all in one page */
        get: operations["InternalAccountsController_listPlatform"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List quotes, newest first */
        get: operations["QuotesController_list"];
        put?: never;
        /** Price a cross-currency payment, locking the sending or the receiving amount */
        post: operations["QuotesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/quotes/{quoteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["QuotesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/quotes/{quoteId}/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Execute a PENDING quote from its internal account: the quote turns PROCESSING */
        post: operations["QuotesController_execute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/receiver/external-account/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Look up an external account: its currency, estimated rate and limits */
        get: operations["ReceiversController_lookupExternalAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/receiver/uma/{receiverUmaAddress}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Look up a UMA address: the currencies it receives, estimated rates and the payer data it needs; the lookupId is valid for QUOTE_TTL_SECONDS */
        get: operations["ReceiversController_lookupUma"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/reports/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each internal account's opening balance, credits, debits, fees and closing balance of a UTC day */
        get: operations["BalancesReportController_report"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/reports/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stream every transaction that changed state in a window (at most 31 days), as CSV or JSON lines */
        get: operations["TransactionsExportController_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/sandbox/internal-accounts/{accountId}/fund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Simulate money arriving for an internal account (sandbox only) */
        post: operations["SandboxFundingController_fund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/sandbox/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: the platform's payment for a REALTIME_FUNDING quote arrives */
        post: operations["QuotesController_send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/sandbox/uma/receive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate a UMA payment from a sandbox sender to a customer (sandbox only)
         * @description The INCOMING transaction waits PENDING for the platform's approval: a pending INCOMING_PAYMENT webhook carries it with requestedReceiverCustomerInfoFields; approved, it turns PROCESSING, then COMPLETED once the money is in the customer’s internal account (or its default UMA deposit account).
         */
        post: operations["SandboxUmaController_receive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the live tokens, newest first */
        get: operations["TokensController_list"];
        put?: never;
        /** Create a token in the caller's environment, with permissions the caller holds */
        post: operations["TokensController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["TokensController_get"];
        put?: never;
        post?: never;
        /** Delete a token: its credentials are refused from then on */
        delete: operations["TokensController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List transactions, newest first unless sortOrder=asc */
        get: operations["TransactionsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/transactions/{transactionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a transaction */
        get: operations["TransactionsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/transactions/{transactionId}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a pending incoming payment (after answering its webhook with 202) */
        post: operations["ApprovalsController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/transactions/{transactionId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A transaction's timeline: its creation, then each status change, oldest first */
        get: operations["TransactionsController_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/transactions/{transactionId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a pending incoming payment (after answering its webhook with 202) */
        post: operations["ApprovalsController_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/transfer-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pull money from an external account with pull functionality into an internal account */
        post: operations["TransfersController_transferIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/transfer-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send money from an internal account to an external account */
        post: operations["TransfersController_transferOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/uma-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The UMA providers this deployment can pay, newest first */
        get: operations["UmaProvidersController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook deliveries, newest first (VIEW) */
        get: operations["DeliveryLogController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/webhooks/deliveries/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook delivery with every attempt and the body sent (VIEW) */
        get: operations["DeliveryLogController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/webhooks/deliveries/{webhookId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a DELIVERED or FAILED webhook again (MANAGE)
         * @description Same webhookId (receivers deduplicate on it), a fresh signature, after the webhooks already queued for its transaction; one attempt, whose outcome the delivery log shows.
         */
        post: operations["DeliveryLogController_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/webhooks/deliveries/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send finished webhooks of a filter again (MANAGE)
         * @description Queues up to 10,000 DELIVERED or FAILED webhooks matching the filter (at least one field), oldest first, each with its webhookId and a fresh signature, after the webhooks already queued for its transaction. Redeliveries go at their own pace and never delay fresh webhooks. Call again for more while count is 10,000.
         */
        post: operations["DeliveryLogController_redeliverAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/webhooks/signing-key/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate this environment's webhook signing key
         * @description Makes a new key. Both keys sign (X-Grid-Signature with the current one, X-Grid-Signature-Next with the new one) and both are published in GET /config until webhookKeyOverlapEndsAt; then the new key alone signs. With immediate, the current key is retired at once.
         */
        post: operations["SigningKeyController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/2025-10-13/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed TEST webhook to the configured webhookEndpoint and return its status and latency */
        post: operations["TestWebhookController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AccountDayView: {
            /** @example InternalAccount:019542f5-b3e7-1d02-0000-000000000002 */
            accountId: string;
            /** @description The owning customer; absent for the platform's own accounts */
            customerId?: string;
            platformCustomerId?: string;
            /** @example USD */
            currency: string;
            /** @description Balance at 00:00 UTC */
            openingBalance: number;
            /** @description Money in during the day */
            credits: number;
            /** @description Money out during the day */
            debits: number;
            /** @description Fees taken from the account's postings that day (already within debits or credits) */
            fees: number;
            /** @description openingBalance + credits - debits */
            closingBalance: number;
        };
        ApprovePaymentDto: {
            /**
             * @description User-info field names to values; every mandatory requested field is required
             * @example {
             *       "FULL_NAME": "Ada Lovelace",
             *       "BIRTH_DATE": "1990-12-10"
             *     }
             */
            receiverCustomerInfo?: {
                [key: string]: string;
            };
        };
        AuditChangeView: {
            /** @description null for a create */
            before: {
                [key: string]: unknown;
            } | null;
            /** @description null for a delete */
            after: {
                [key: string]: unknown;
            } | null;
        };
        AuditEntryPage: {
            data: components["schemas"]["AuditEntryView"][];
            hasMore: boolean;
            nextCursor?: string;
            totalCount: number;
        };
        AuditEntryView: {
            /** @example AuditEntry:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51 */
            id: string;
            /**
             * Format: date-time
             * @description When the write was received, before it ran
             */
            createdAt: string;
            /** @example Token:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51 */
            tokenId: string;
            /** @description The token's name when it made the write */
            tokenName: string;
            /** @description The x-request-id the write was answered with */
            requestId: string;
            /** @example PATCH */
            method: string;
            /**
             * @description Under the version segment; secret query values redacted
             * @example /config
             */
            route: string;
            /** @description The resource in the path, or the one created */
            resourceId: string | null;
            /** @description null while unknown: the write may still run, or the gateway stopped before it had an answer */
            outcome: components["schemas"]["AuditOutcomeView"] | null;
            /** @description For configuration and fee-rule changes */
            changes?: components["schemas"]["AuditChangeView"];
        };
        AuditOutcomeView: {
            /**
             * @description The HTTP status the caller was answered with
             * @example 201
             */
            status: number;
            /** Format: date-time */
            completedAt: string;
        };
        BalancesReportPage: {
            /** @example 2025-10-13 */
            date: string;
            data: components["schemas"]["AccountDayView"][];
            hasMore: boolean;
            nextCursor?: string;
            totalCount: number;
        };
        BeneficialOwnerDto: {
            /** @example John Michael Doe */
            fullName: string;
            /**
             * @example DIRECTOR
             * @enum {string}
             */
            individualType: "DIRECTOR" | "CONTROL_PERSON" | "BUSINESS_POINT_OF_CONTACT" | "TRUSTEE" | "SETTLOR" | "GENERAL_PARTNER";
            /** @example john.doe@acme.com */
            emailAddress?: string;
            /** @example +14155551234 */
            phoneNumber?: string;
            /** @example 123-45-6789 */
            taxId?: string;
            /**
             * Format: date
             * @example 1980-04-12
             */
            birthDate?: string;
            /** @example US */
            nationality?: string;
            address?: components["schemas"]["PostalAddressDto"];
            /** @example 25 */
            percentageOwnership?: number;
            /** @example CEO */
            title?: string;
        };
        BeneficiaryAddressDto: {
            /** @example 123 Main Street */
            line1: string;
            /** @example Suite 400 */
            line2?: string;
            /** @example 98101 */
            postalCode: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example US
             */
            country: string;
            /** @example Seattle */
            city: string;
            /** @example WA */
            state: string;
        };
        BeneficiaryDto: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            beneficiaryType: "INDIVIDUAL";
            /** @example Jane Doe */
            fullName: string;
            /**
             * Format: date
             * @example 1990-01-15
             */
            birthDate: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example US
             */
            nationality: string;
            address: components["schemas"]["BeneficiaryAddressDto"];
        };
        BeneficiaryVerifiedDataView: {
            /** @example Jane Doe */
            fullName: string;
        };
        BusinessBeneficiaryDto: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            beneficiaryType: "BUSINESS";
            /** @example Acme Corporation */
            legalName: string;
            /** @example HRB 12345 */
            registrationNumber?: string;
            /** @example 12-3456789 */
            taxId?: string;
            address?: components["schemas"]["BeneficiaryAddressDto"];
        };
        BusinessCustomerFieldsDto: {
            /**
             * @description Compared without case and stored lower-case; generated as $<handle>@<umaDomain> when absent at creation
             * @example $jane.doe@acme.uma.local
             */
            umaAddress?: string;
            /** @example jane.doe@example.com */
            email?: string;
            /**
             * @description E.164
             * @example +14155551234
             */
            phoneNumber?: string;
            address?: components["schemas"]["PostalAddressDto"];
            /** @example Migrated from the legacy ledger */
            description?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            customerType: "BUSINESS";
            businessInfo?: components["schemas"]["BusinessInfoDto"];
            beneficialOwners?: components["schemas"]["BeneficialOwnerDto"][];
        };
        BusinessCustomerView: {
            /** @example Customer:019542f5-b3e7-1d02-0000-000000000001 */
            id: string;
            /** @example 9f84e0c2a72c4fa */
            platformCustomerId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            customerType: "BUSINESS";
            /** @example $jane.doe@acme.uma.local */
            umaAddress: string;
            /** @enum {string} */
            kycStatus: "APPROVED" | "REJECTED" | "PENDING_REVIEW" | "EXPIRED" | "CANCELED" | "MANUALLY_APPROVED" | "MANUALLY_REJECTED";
            email?: string;
            phoneNumber?: string;
            address?: components["schemas"]["PostalAddressDto"];
            description?: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            isDeleted: boolean;
            businessInfo?: components["schemas"]["BusinessInfoDto"];
            beneficialOwners?: components["schemas"]["BeneficialOwnerDto"][];
        };
        BusinessInfoDto: {
            /** @example Acme Corporation, Inc. */
            legalName: string;
            /** @example BRN-123456789 */
            registrationNumber?: string;
            /** @example EIN-987654321 */
            taxId?: string;
        };
        ClabeAccountInfoDto: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            accountType: "CLABE";
            beneficiary: components["schemas"]["BeneficiaryDto"] | components["schemas"]["BusinessBeneficiaryDto"];
            /** @example Chase Bank */
            bankName?: string;
            /**
             * @description 18 digits with a valid check digit
             * @example 002010077777777771
             */
            clabeNumber: string;
        };
        ClaimInvitationDto: {
            /**
             * @description The UMA address of whoever claims the invitation, at any UMA domain
             * @example $invitee@other.uma.local
             */
            inviteeUma: string;
        };
        CounterpartyFieldDto: {
            /**
             * @example FULL_NAME
             * @enum {string}
             */
            name: "FULL_NAME" | "BIRTH_DATE" | "NATIONALITY" | "ADDRESS" | "PHONE_NUMBER" | "EMAIL" | "BUSINESS_NAME" | "TAX_ID";
            /** @example true */
            mandatory: boolean;
        };
        CreateBusinessCustomerDto: {
            /**
             * @description The platform's own id of the customer
             * @example 9f84e0c2a72c4fa
             */
            platformCustomerId: string;
            /**
             * @description Compared without case and stored lower-case; generated as $<handle>@<umaDomain> when absent at creation
             * @example $jane.doe@acme.uma.local
             */
            umaAddress?: string;
            /** @example jane.doe@example.com */
            email?: string;
            /**
             * @description E.164
             * @example +14155551234
             */
            phoneNumber?: string;
            address?: components["schemas"]["PostalAddressDto"];
            /** @example Migrated from the legacy ledger */
            description?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            customerType: "BUSINESS";
            businessInfo?: components["schemas"]["BusinessInfoDto"];
            beneficialOwners?: components["schemas"]["BeneficialOwnerDto"][];
        };
        CreateExternalAccountDto: {
            /**
             * @example USD
             * @enum {string}
             */
            currency: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            accountInfo: components["schemas"]["UsAccountInfoDto"] | components["schemas"]["ClabeAccountInfoDto"] | components["schemas"]["PixAccountInfoDto"] | components["schemas"]["IbanAccountInfoDto"] | components["schemas"]["UpiAccountInfoDto"] | components["schemas"]["SparkWalletInfoDto"];
            /**
             * @description The platform's own id of the account
             * @example ext_acc_123456
             */
            platformAccountId?: string;
            /**
             * @description Incoming UMA payments go to this account instead of the owner's internal account; replaces the owner's previous default
             * @default false
             */
            defaultUmaDepositAccount: boolean;
            /**
             * @description The live customer the account belongs to; absent: the platform's own account
             * @example Customer:019542f5-b3e7-1d02-0000-000000000001
             */
            customerId?: string;
        };
        CreateFeeRuleDto: {
            /**
             * @example CROSS_BORDER_PAYOUT
             * @enum {string}
             */
            transactionType: "TRANSFER_IN" | "TRANSFER_OUT" | "RAMP_ON" | "RAMP_OFF" | "CROSS_BORDER_PAYOUT";
            /**
             * @description FIXED needs fixedFee, PERCENTAGE needs variableFeeRate, HYBRID needs both
             * @example HYBRID
             * @enum {string}
             */
            feeType: "FIXED" | "PERCENTAGE" | "HYBRID";
            /**
             * @description In the smallest unit of USD (cents); charged by FIXED and HYBRID rules only
             * @example 30
             */
            fixedFee?: number;
            /**
             * @description Decimal rate on the sending amount (0.005 is 0.5%), at most 6 decimal places; charged by PERCENTAGE and HYBRID rules only
             * @example 0.0025
             */
            variableFeeRate?: number;
            /**
             * @description A disabled rule is kept but adds no fee to new quotes
             * @default true
             */
            enabled: boolean;
        };
        CreateIndividualCustomerDto: {
            /**
             * @description The platform's own id of the customer
             * @example 9f84e0c2a72c4fa
             */
            platformCustomerId: string;
            /**
             * @description Compared without case and stored lower-case; generated as $<handle>@<umaDomain> when absent at creation
             * @example $jane.doe@acme.uma.local
             */
            umaAddress?: string;
            /** @example jane.doe@example.com */
            email?: string;
            /**
             * @description E.164
             * @example +14155551234
             */
            phoneNumber?: string;
            address?: components["schemas"]["PostalAddressDto"];
            /** @example Migrated from the legacy ledger */
            description?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            customerType: "INDIVIDUAL";
            /** @example Jane Doe */
            fullName?: string;
            /**
             * Format: date
             * @example 1990-01-15
             */
            birthDate?: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example US
             */
            nationality?: string;
        };
        CreateInvitationDto: {
            /**
             * @description The UMA address of the platform's customer who invites; compared without case
             * @example $inviter@acme.uma.local
             */
            inviterUma: string;
            /**
             * @description First name shown with the invitation
             * @example Alice
             */
            firstName?: string;
            /**
             * @description What the inviter means to send the invitee once claimed, in minor units of amountToSendCurrency; for display: the platform pays it after the INVITATION_CLAIMED webhook
             * @example 12550
             */
            amountToSend?: number;
            /**
             * @description Currency of amountToSend, one of the platform's supportedCurrencies (this service's addition); defaults to the first of them
             * @example USD
             */
            amountToSendCurrency?: string;
            /**
             * Format: date-time
             * @description When the invitation expires; never when absent
             */
            expiresAt?: string;
        };
        CreateLinkTokenDto: {
            /**
             * @description The live customer who links a bank account
             * @example Customer:019542f5-b3e7-1d02-0000-000000000001
             */
            customerId: string;
        };
        CreatePlatformExternalAccountDto: {
            /**
             * @example USD
             * @enum {string}
             */
            currency: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            accountInfo: components["schemas"]["UsAccountInfoDto"] | components["schemas"]["ClabeAccountInfoDto"] | components["schemas"]["PixAccountInfoDto"] | components["schemas"]["IbanAccountInfoDto"] | components["schemas"]["UpiAccountInfoDto"] | components["schemas"]["SparkWalletInfoDto"];
            /**
             * @description The platform's own id of the account
             * @example ext_acc_123456
             */
            platformAccountId?: string;
            /**
             * @description Incoming UMA payments go to this account instead of the owner's internal account; replaces the owner's previous default
             * @default false
             */
            defaultUmaDepositAccount: boolean;
        };
        CreateQuoteDto: {
            source: components["schemas"]["QuoteSourceDto"];
            destination: components["schemas"]["QuoteDestinationDto"];
            /**
             * @description Which side the amount fixes
             * @enum {string}
             */
            lockedCurrencySide: "SENDING" | "RECEIVING";
            /** @description Smallest unit of the locked currency */
            lockedCurrencyAmount: number;
            /** @description Required for UMA destinations: the lookupId of GET /receiver/uma/{address} */
            lookupId?: string;
            description?: string;
            /**
             * @description For UMA destinations: the sender's data, with every mandatory requiredPayerDataFields entry of the lookup
             * @example {
             *       "FULL_NAME": "Ada Lovelace",
             *       "BIRTH_DATE": "1985-12-10"
             *     }
             */
            senderCustomerInfo?: Record<string, never>;
            /**
             * @description Execute at creation (internal-account and pull sources only)
             * @default false
             */
            immediatelyExecute: boolean;
        };
        CreateTokenDto: {
            /** @example Reporting service */
            name: string;
            /**
             * @example [
             *       "VIEW"
             *     ]
             */
            permissions: ("VIEW" | "TRANSACT" | "MANAGE")[];
        };
        CurrencyAmountView: {
            /**
             * @description Smallest unit of the currency
             * @example 12550
             */
            amount: number;
            currency: components["schemas"]["CurrencyView"];
        };
        CurrencyView: {
            /** @example USD */
            code: string;
            /** @example United States Dollar */
            name: string;
            /** @example $ */
            symbol: string;
            /** @example 2 */
            decimals: number;
        };
        CustomerPage: {
            data: (components["schemas"]["IndividualCustomerView"] | components["schemas"]["BusinessCustomerView"])[];
            hasMore: boolean;
            nextCursor?: string;
            totalCount: number;
        };
        DeliveryAttemptView: {
            /**
             * Format: date-time
             * @description When the attempt was sent
             */
            at: string;
            /** @description Absent when no answer came */
            statusCode?: number;
            durationMs: number;
            /** @description The first 4 KiB of the answer */
            responseExcerpt?: string;
            /**
             * @description Why no answer came
             * @enum {string}
             */
            errorKind?: "EGRESS_REFUSED" | "TIMEOUT" | "CONNECTION_FAILED" | "TLS_FAILED" | "INVALID_RESPONSE" | "SIGNING_FAILED";
            /** @example TIMEOUT: no answer in time */
            error?: string;
        };
        DeliveryDetailView: {
            /**
             * @description The webhookId the endpoint received; the same on every attempt and redelivery
             * @example Webhook:0b6f2c1e-5d4a-5f3b-9c2d-7e8f9a0b1c2d
             */
            id: string;
            /** @enum {string} */
            type: "INCOMING_PAYMENT" | "OUTGOING_PAYMENT" | "KYC_STATUS" | "BULK_UPLOAD" | "INVITATION_CLAIMED" | "ACCOUNT_STATUS" | "TEST";
            /** @enum {string} */
            status: "PENDING" | "DELIVERED" | "FAILED";
            /**
             * @description For INCOMING_PAYMENT and OUTGOING_PAYMENT
             * @example Transaction:019542f5-b3e7-1d02-0000-000000000004
             */
            transactionId?: string;
            /** @description HTTP attempts made so far, redeliveries included */
            attempts: number;
            /** Format: date-time */
            lastAttemptAt?: string;
            /** @description The last attempt's HTTP status; absent when it got no answer */
            lastStatusCode?: number;
            /**
             * Format: date-time
             * @description When a PENDING webhook is next due
             */
            nextAttemptAt?: string;
            /** Format: date-time */
            createdAt: string;
            /** @description Every attempt, oldest first */
            attemptLog: components["schemas"]["DeliveryAttemptView"][];
            /** @description The webhook as sent; each attempt adds its platformId, environment and sentAt */
            body: {
                [key: string]: unknown;
            };
        };
        DeliveryPage: {
            data: components["schemas"]["DeliveryView"][];
            hasMore: boolean;
            nextCursor?: string;
            totalCount: number;
        };
        DeliveryView: {
            /**
             * @description The webhookId the endpoint received; the same on every attempt and redelivery
             * @example Webhook:0b6f2c1e-5d4a-5f3b-9c2d-7e8f9a0b1c2d
             */
            id: string;
            /** @enum {string} */
            type: "INCOMING_PAYMENT" | "OUTGOING_PAYMENT" | "KYC_STATUS" | "BULK_UPLOAD" | "INVITATION_CLAIMED" | "ACCOUNT_STATUS" | "TEST";
            /** @enum {string} */
            status: "PENDING" | "DELIVERED" | "FAILED";
            /**
             * @description For INCOMING_PAYMENT and OUTGOING_PAYMENT
             * @example Transaction:019542f5-b3e7-1d02-0000-000000000004
             */
            transactionId?: string;
            /** @description HTTP attempts made so far, redeliveries included */
            attempts: number;
            /** Format: date-time */
            lastAttemptAt?: string;
            /** @description The last attempt's HTTP status; absent when it got no answer */
            lastStatusCode?: number;
            /**
             * Format: date-time
             * @description When a PENDING webhook is next due
             */
            nextAttemptAt?: string;
            /** Format: date-time */
            createdAt: string;
        };
        ExchangeRateFeesView: {
            /** @description Fixed fees, in the smallest unit of the source currency */
            fixed: number;
            /** @description Fixed and variable fees of the service and the platform */
            total: number;
        };
        ExchangeRateList: {
            data: components["schemas"]["ExchangeRateView"][];
        };
        ExchangeRateView: {
            sourceCurrency: components["schemas"]["CurrencyView"];
            destinationCurrency: components["schemas"]["CurrencyView"];
            /** @example SPEI */
            destinationPaymentRail: string;
            sendingAmount: number;
            receivingAmount: number;
            /** @description Source currency units per destination currency unit */
            exchangeRate: number;
            fees: components["schemas"]["ExchangeRateFeesView"];
            minSendingAmount?: number;
            maxSendingAmount?: number;
            /** Format: date-time */
            updatedAt: string;
        };
        ExternalAccountDetailsDto: {
            customerId?: string;
            /** @enum {string} */
            currency: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            /** @description As for POST /customers/external-accounts */
            accountInfo: Record<string, never>;
            platformAccountId?: string;
            defaultUmaDepositAccount?: boolean;
        };
        ExternalAccountLookupView: {
            /**
             * @description For POST /quotes
             * @example Lookup:019542f5-b3e7-1d02-0000-000000000009
             */
            lookupId: string;
            /** @description The currency the estimates convert from */
            sendingCurrency: components["schemas"]["CurrencyView"];
            supportedCurrencies: components["schemas"]["ReceiverCurrencyView"][];
            /** @description What the quote must carry in senderCustomerInfo */
            requiredPayerDataFields: components["schemas"]["PayerDataFieldView"][];
            /** @example ExternalAccount:019542f5-b3e7-1d02-0000-000000000003 */
            accountId: string;
        };
        ExternalAccountPage: {
            data: components["schemas"]["ExternalAccountView"][];
            hasMore: boolean;
            nextCursor?: string;
            totalCount: number;
        };
        ExternalAccountReferenceDto: {
            /** @example ExternalAccount:019542f5-b3e7-1d02-0000-000000000003 */
            accountId: string;
        };
        ExternalAccountView: {
            /** @example ExternalAccount:e85dcbd6-dced-4ec4-b756-3c3a9ea3d965 */
            id: string;
            /** @enum {string} */
            status: "PENDING" | "ACTIVE" | "UNDER_REVIEW" | "INACTIVE";
            /** @example USD */
            currency: string;
            accountInfo: components["schemas"]["UsAccountInfoDto"] | components["schemas"]["ClabeAccountInfoDto"] | components["schemas"]["PixAccountInfoDto"] | components["schemas"]["IbanAccountInfoDto"] | components["schemas"]["UpiAccountInfoDto"] | components["schemas"]["SparkWalletInfoDto"];
            /**
             * @description null for the platform's own accounts
             * @example Customer:019542f5-b3e7-1d02-0000-000000000001
             */
            customerId: string | null;
            /** @example ext_acc_123456 */
            platformAccountId?: string;
            defaultUmaDepositAccount: boolean;
            /**
             * @description Sandbox name check against the customer's name on file; CHECKED_BY_RECEIVING_FI for the platform's own bank accounts, UNSUPPORTED for wallets, PENDING while a linked account is
             * @enum {string}
             */
            beneficiaryVerificationStatus: "MATCHED" | "PARTIAL_MATCH" | "NOT_MATCHED" | "UNSUPPORTED" | "CHECKED_BY_RECEIVING_FI" | "PENDING";
            /** @description The holder name the rail reported */
            beneficiaryVerifiedData?: components["schemas"]["BeneficiaryVerifiedDataView"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        FeeRuleList: {
            data: components["schemas"]["FeeRuleView"][];
        };
        FeeRuleView: {
            /** @example FeeRule:019542f5-b3e7-1d02-0000-000000000001 */
            id: string;
            /** @enum {string} */
            transactionType: "TRANSFER_IN" | "TRANSFER_OUT" | "RAMP_ON" | "RAMP_OFF" | "CROSS_BORDER_PAYOUT";
            /** @enum {string} */
            feeType: "FIXED" | "PERCENTAGE" | "HYBRID";
            /**
             * @description In the smallest unit of USD (cents); charged by FIXED and HYBRID rules only
             * @example 30
             */
            fixedFee?: number;
            /**
             * @description Decimal rate on the sending amount (0.005 is 0.5%), at most 6 decimal places; charged by PERCENTAGE and HYBRID rules only
             * @example 0.0025
             */
            variableFeeRate?: number;
            enabled: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        FundAccountDto: {
            /** @description Smallest unit of the account currency */
            amount: number;
        };
        FundingPaymentInstructionView: {
            /**
             * @example {
             *       "accountType": "US_ACCOUNT",
             *       "reference": "FUND-3F9A0C1D2B7E6A13",
             *       "accountNumber": "000123456789",
             *       "routingNumber": "021000021",
             *       "bankName": "Sandbox Settlement Bank",
             *       "accountHolderName": "Payments Service FBO"
             *     }
             */
            accountOrWalletInfo: {
                [key: string]: string;
            };
            /** @example Send USD by bank transfer and quote reference FUND-3F9A0C1D2B7E6A13. */
            instructionsNotes: string;
            /** @description Whether the account is the platform's own */
            isPlatformAccount: boolean;
        };
        IbanAccountInfoDto: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            accountType: "IBAN";
            beneficiary: components["schemas"]["BeneficiaryDto"] | components["schemas"]["BusinessBeneficiaryDto"];
            /** @example Chase Bank */
            bankName?: string;
            /**
             * @description Checked mod 97 and against the length of its country; stored without spaces, upper-case
             * @example DE89370400440532013000
             */
            iban: string;
            /**
             * @description 8 or 11 characters
             * @example DEUTDEFF
             */
            swiftBic?: string;
        };
        ImportErrorView: {
            /**
             * @description The row's platformCustomerId, or row_<n> (the header is row 1)
             * @example cust-0042
             */
            correlationId: string;
            /** @example INVALID_INPUT */
            code: string;
            /** @example birthDate: must be a real past date in YYYY-MM-DD format */
            message: string;
            /**
             * @description row: where the row is in the file; errors: the bad columns, when the row has bad values
             * @example {
             *       "row": 43,
             *       "errors": [
             *         {
             *           "field": "birthDate",
             *           "message": "must be a real past date in YYYY-MM-DD format"
             *         }
             *       ]
             *     }
             */
            details: Record<string, never>;
        };
        ImportJobPage: {
            data: components["schemas"]["ImportJobSummaryView"][];
            hasMore: boolean;
            nextCursor?: string;
            totalCount: number;
        };
        ImportJobSummaryView: {
            /** @example Job:019542f5-b3e7-1d02-0000-000000000006 */
            jobId: string;
            /** @enum {string} */
            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
            progress: components["schemas"]["ImportProgressView"];
            /**
             * Format: date-time
             * @description Present once COMPLETED or FAILED
             */
            completedAt?: string;
            /**
             * Format: date-time
             * @description When the upload was stored
             */
            createdAt: string;
        };
        ImportJobView: {
            /** @example Job:019542f5-b3e7-1d02-0000-000000000006 */
            jobId: string;
            /** @enum {string} */
            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
            progress: components["schemas"]["ImportProgressView"];
            /** @description The failed rows in file order, the first 1000 of them (progress.failed counts them all) */
            errors: components["schemas"]["ImportErrorView"][];
            /**
             * Format: date-time
             * @description Present once COMPLETED or FAILED
             */
            completedAt?: string;
        };
        ImportProgressView: {
            /** @example 1000 */
            total: number;
            /** @example 400 */
            processed: number;
            /** @example 390 */
            successful: number;
            /** @example 10 */
            failed: number;
        };
        IndividualCustomerFieldsDto: {
            /**
             * @description Compared without case and stored lower-case; generated as $<handle>@<umaDomain> when absent at creation
             * @example $jane.doe@acme.uma.local
             */
            umaAddress?: string;
            /** @example jane.doe@example.com */
            email?: string;
            /**
             * @description E.164
             * @example +14155551234
             */
            phoneNumber?: string;
            address?: components["schemas"]["PostalAddressDto"];
            /** @example Migrated from the legacy ledger */
            description?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            customerType: "INDIVIDUAL";
            /** @example Jane Doe */
            fullName?: string;
            /**
             * Format: date
             * @example 1990-01-15
             */
            birthDate?: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example US
             */
            nationality?: string;
        };
        IndividualCustomerView: {
            /** @example Customer:019542f5-b3e7-1d02-0000-000000000001 */
            id: string;
            /** @example 9f84e0c2a72c4fa */
            platformCustomerId: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            customerType: "INDIVIDUAL";
            /** @example $jane.doe@acme.uma.local */
            umaAddress: string;
            /** @enum {string} */
            kycStatus: "APPROVED" | "REJECTED" | "PENDING_REVIEW" | "EXPIRED" | "CANCELED" | "MANUALLY_APPROVED" | "MANUALLY_REJECTED";
            email?: string;
            phoneNumber?: string;
            address?: components["schemas"]["PostalAddressDto"];
            description?: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            isDeleted: boolean;
            fullName?: string;
            /** Format: date */
            birthDate?: string;
            nationality?: string;
        };
        InternalAccountPage: {
            data: components["schemas"]["InternalAccountView"][];
            hasMore: boolean;
            nextCursor?: string;
            totalCount: number;
        };
        InternalAccountReferenceDto: {
            /** @example InternalAccount:019542f5-b3e7-1d02-0000-000000000002 */
            accountId: string;
        };
        InternalAccountView: {
            /** @example InternalAccount:019542f5-b3e7-1d02-0000-000000000002 */
            id: string;
            balance: components["schemas"]["CurrencyAmountView"];
            fundingPaymentInstructions: components["schemas"]["FundingPaymentInstructionView"][];
            /**
             * @description The owning customer; absent for the platform's own accounts
             * @example Customer:019542f5-b3e7-1d02-0000-000000000001
             */
            customerId?: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        InvitationAmountView: {
            /**
             * @description Minor units of the currency
             * @example 12550
             */
            amount: number;
            currency: components["schemas"]["CurrencyView"];
        };
        InvitationView: {
            /**
             * @description Unguessable code that names the invitation
             * @example k3Jx9Qm2Vb7TtZp4Lw8NcA
             */
            code: string;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the invitation was claimed
             */
            claimedAt?: string;
            /**
             * @description Where the invitee opens the invitation: a page at the inviter's UMA domain
             * @example https://acme.uma.local/i/k3Jx9Qm2Vb7TtZp4Lw8NcA
             */
            url: string;
            /**
             * Format: date-time
             * @description When the invitation expires, if ever
             */
            expiresAt?: string;
            /** @example $inviter@acme.uma.local */
            inviterUma: string;
            /**
             * @description Set once claimed
             * @example $invitee@other.uma.local
             */
            inviteeUma?: string;
            /** @enum {string} */
            status: "PENDING" | "CLAIMED" | "EXPIRED" | "CANCELLED";
            /**
             * @description Shown to the invitee when they open the link
             * @example Jane
             */
            firstName?: string;
            /** @description What the inviter means to send once the invitation is claimed; the platform pays it after the INVITATION_CLAIMED webhook */
            amountToSend?: components["schemas"]["InvitationAmountView"];
        };
        IssuedTokenView: {
            /** @example Token:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51 */
            id: string;
            /** @example Reporting service */
            name: string;
            /**
             * @example [
             *       "VIEW"
             *     ]
             */
            permissions: ("VIEW" | "TRANSACT" | "MANAGE")[];
            /**
             * @description The user name of HTTP Basic
             * @example 9f86d081884c7d659a2feaa0c55ad015
             */
            clientId: string;
            /**
             * @description The creator's: a token never crosses environments
             * @enum {string}
             */
            environment: "SANDBOX" | "PRODUCTION";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /**
             * @description The password of HTTP Basic, shown in this response only: it is never stored
             * @example q2Jx8nM1sV0cT7yZ4bW6eR3uK9pL5aH2dF8gS1jN0mQ
             */
            clientSecret: string;
        };
        KycLinkView: {
            /**
             * @description The hosted verification page for the end customer: single use, expires after KYC_LINK_TTL_SECONDS
             * @example https://api.example.com/kyc/Jq3wP8vZ0nQ1s2t3u4v5w6x7y8z9A0B1C2D3E4F5G6H
             */
            kycUrl: string;
            /** @example 9f84e0c2a72c4fa */
            platformCustomerId: string;
            /**
             * @description Present once a live customer with this platformCustomerId exists
             * @example Customer:019542f5-b3e7-1d02-0000-000000000001
             */
            customerId?: string;
        };
        LedgerEntryView: {
            /**
             * @description An internal account, or one of the ledger's own accounts (SystemAccount:<uuid>)
             * @example InternalAccount:019542f5-b3e7-1d02-0000-000000000002
             */
            accountId: string;
            /**
             * @description INTERNAL for the API's internal accounts; the others are the ledger's own, per currency
             * @enum {string}
             */
            accountKind: "INTERNAL" | "EXTERNAL_SETTLEMENT" | "IN_TRANSIT" | "PLATFORM_FEES" | "SERVICE_FEES";
            /**
             * @description DEBIT: money left the account; CREDIT: it entered
             * @enum {string}
             */
            direction: "DEBIT" | "CREDIT";
            /**
             * @description Smallest unit of the currency, positive
             * @example 12550
             */
            amount: number;
            /** @example USD */
            currency: string;
        };
        LedgerPostingList: {
            /** @description In the order they were posted */
            data: components["schemas"]["LedgerPostingView"][];
        };
        LedgerPostingView: {
            /**
             * @description As listed in ledgerPostingIds of the transactions report
             * @example 0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51
             */
            id: string;
            /** @enum {string} */
            kind: "DEPOSIT" | "RESERVE" | "SETTLE" | "RELEASE";
            /** Format: date-time */
            postedAt: string;
            entries: components["schemas"]["LedgerEntryView"][];
        };
        LinkTokenView: {
            /** @example link-sandbox-9d2b7c1e-4b5f-4f7a-9c1d-2f0e8a6b3c41 */
            linkToken: string;
            /**
             * Format: date-time
             * @description After this the token cannot be exchanged
             */
            expiration: string;
            /**
             * @description Where to POST the public token once the customer has linked the account
             * @example https://api.example.com/2025-10-13/plaid/callback/link-sandbox-9d2b7c1e-4b5f-4f7a-9c1d-2f0e8a6b3c41
             */
            callbackUrl: string;
            /** @description Id of this request, for support */
            requestId: string;
        };
        PayerDataFieldView: {
            /** @example FULL_NAME */
            name: string;
            mandatory: boolean;
        };
        PaymentInstructionView: {
            /** @enum {string} */
            accountType: "US_ACCOUNT" | "SPARK_WALLET";
            accountNumber?: string;
            routingNumber?: string;
            bankName?: string;
            referenceCode?: string;
            address?: string;
            invoice?: string;
            instructionsNotes?: string;
        };
        PixAccountInfoDto: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            accountType: "PIX";
            beneficiary: components["schemas"]["BeneficiaryDto"] | components["schemas"]["BusinessBeneficiaryDto"];
            /** @example Chase Bank */
            bankName?: string;
            /**
             * @description CPF (11 digits) or CNPJ (14 digits) with valid check digits, an email address, a +55 phone number or a UUID, per pixKeyType
             * @example +5511987654321
             */
            pixKey: string;
            /** @enum {string} */
            pixKeyType: "CPF" | "CNPJ" | "EMAIL" | "PHONE" | "RANDOM";
        };
        PlaidCallbackDto: {
            /**
             * @description The public token Plaid Link gave the platform's front end
             * @example public-sandbox-12345678-1234-1234-1234-123456789012
             */
            publicToken: string;
            /**
             * @description Which of the linked accounts; the default account when absent
             * @example plaid_account_id_123
             */
            accountId?: string;
        };
        PlatformConfigView: {
            /** @example PlatformConfig:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51 */
            id: string;
            /** @example acme.uma.local */
            umaDomain: string;
            /**
             * @description Host name under the service UMA proxy domain that the umaDomain forwards to
             * @example acme
             */
            proxyUmaSubdomain: string;
            /** @example https://api.acme.com/webhooks */
            webhookEndpoint?: string;
            supportedCurrencies: components["schemas"]["SupportedCurrencyView"][];
            /** @example false */
            isRegulatedFinancialInstitution: boolean;
            /** @description PEM public key (ECDSA P-256) that verifies the X-Grid-Signature of this platform's webhooks in this environment */
            webhookPublicKey: string;
            /** @description During a signing key rotation: PEM public key that verifies X-Grid-Signature-Next, and X-Grid-Signature once webhookKeyOverlapEndsAt has passed */
            webhookNextPublicKey?: string;
            /**
             * Format: date-time
             * @description During a rotation: when the next key replaces webhookPublicKey
             */
            webhookKeyOverlapEndsAt?: string;
            /** @description How the platform proves its umaDomain (a TXT record), and whether it has (docs/uma.md) */
            umaDomainVerification: components["schemas"]["UmaDomainVerificationView"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        PostalAddressDto: {
            /** @example 123 Main Street */
            line1: string;
            /** @example Suite 400 */
            line2?: string;
            /** @example 98101 */
            postalCode: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example US
             */
            country: string;
            /** @example Seattle */
            city?: string;
            /** @example WA */
            state?: string;
        };
        QuoteDestinationDto: {
            /** @enum {string} */
            destinationType?: "ACCOUNT" | "UMA_ADDRESS" | "EXTERNAL_ACCOUNT_DETAILS";
            /** @description Internal or external account (ACCOUNT) */
            accountId?: string;
            /**
             * @description Must match the account's currency
             * @enum {string}
             */
            currency?: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            /** @description The receiver (UMA_ADDRESS), looked up first with GET /receiver/uma/{address} */
            umaAddress?: string;
            /**
             * @description UMA_ADDRESS: what the platform knows of the receiver, by user-info field name (string values); shown on the transaction
             * @example {
             *       "FULL_NAME": "Grace Hopper"
             *     }
             */
            counterpartyInformation?: Record<string, never>;
            /** @description Creates the external account with the quote */
            externalAccountDetails?: components["schemas"]["ExternalAccountDetailsDto"];
        };
        QuoteDestinationView: {
            /** @enum {string} */
            destinationType: "ACCOUNT" | "UMA_ADDRESS";
            /** @description ACCOUNT destinations */
            accountId?: string;
            /**
             * @description UMA_ADDRESS destinations
             * @example $success.mxn@sandbox.grid.uma.money
             */
            umaAddress?: string;
            /** @description UMA_ADDRESS destinations: what the platform told about the receiver */
            counterpartyInformation?: Record<string, never>;
            /** @example EUR */
            currency: string;
        };
        QuotePage: {
            data: components["schemas"]["QuoteView"][];
            hasMore: boolean;
            nextCursor?: string;
            totalCount: number;
        };
        QuoteRateDetailsView: {
            /** @description Receiving units per sending unit the service converts at */
            serviceApiMultiplier: number;
            serviceApiFixedFee: number;
            serviceApiVariableFeeRate: number;
            serviceApiVariableFeeAmount: number;
            platformFixedFee: number;
            platformVariableFeeRate: number;
            platformVariableFeeAmount: number;
            counterpartyMultiplier: number;
            counterpartyFixedFee: number;
        };
        QuoteSourceDto: {
            /** @enum {string} */
            sourceType?: "ACCOUNT" | "REALTIME_FUNDING";
            /** @description Internal account, or external account with direct pull (ACCOUNT) */
            accountId?: string;
            /** @description The sending customer (REALTIME_FUNDING; checked against the account otherwise) */
            customerId?: string;
            /**
             * @description Sending currency (REALTIME_FUNDING)
             * @enum {string}
             */
            currency?: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
        };
        QuoteSourceView: {
            /** @enum {string} */
            sourceType: "ACCOUNT" | "REALTIME_FUNDING";
            accountId?: string;
            customerId?: string;
            /** @example USD */
            currency: string;
        };
        QuoteView: {
            /** @example Quote:019542f5-b3e7-1d02-0000-000000000006 */
            quoteId: string;
            /** @description The same as quoteId, as Grid clients read it */
            id: string;
            /** @enum {string} */
            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "EXPIRED";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string;
            source: components["schemas"]["QuoteSourceView"];
            destination: components["schemas"]["QuoteDestinationView"];
            sendingCurrency: components["schemas"]["CurrencyView"];
            receivingCurrency: components["schemas"]["CurrencyView"];
            /** @description Debited from the sender, fees included */
            totalSendingAmount: number;
            totalReceivingAmount: number;
            /** @description Sending currency units per receiving currency unit */
            exchangeRate: number;
            /** @description Smallest unit of the sending currency */
            feesIncluded: number;
            /** @description Once the quote is executed */
            transactionId?: string;
            /** @description For REALTIME_FUNDING sources */
            paymentInstructions?: components["schemas"]["PaymentInstructionView"][];
            rateDetails: components["schemas"]["QuoteRateDetailsView"];
            description?: string;
        };
        RateDetailsView: {
            /** @description Receiving units per sending unit the service converts at */
            serviceApiMultiplier: number;
            serviceApiFixedFee: number;
            serviceApiVariableFeeRate: number;
            serviceApiVariableFeeAmount: number;
            platformFixedFee: number;
            platformVariableFeeRate: number;
            platformVariableFeeAmount: number;
        };
        ReceiverCurrencyView: {
            currency: components["schemas"]["CurrencyView"];
            /** @description Receiving units per sending unit; an estimate, not a locked rate */
            estimatedExchangeRate: number;
            /** @description Least amount received, smallest unit */
            min: number;
            /** @description Largest amount received, smallest unit */
            max: number;
        };
        ReconciliationInstructionsView: {
            /** @example TR-4F1A9C0D2B7E6A13 */
            reference: string;
        };
        RedeliverFilterDto: {
            /** @enum {string} */
            status?: "DELIVERED" | "FAILED";
            /** @enum {string} */
            type?: "INCOMING_PAYMENT" | "OUTGOING_PAYMENT" | "KYC_STATUS" | "BULK_UPLOAD" | "INVITATION_CLAIMED" | "ACCOUNT_STATUS" | "TEST";
            /**
             * Format: date-time
             * @description Inclusive
             */
            createdAfter?: string;
            /**
             * Format: date-time
             * @description Inclusive
             */
            createdBefore?: string;
        };
        RedeliveryCountView: {
            /** @description Webhooks queued to be sent again (at most 10,000 a call) */
            count: number;
        };
        RejectPaymentDto: {
            /** @description Why, for debugging or the platform’s own use */
            reason?: string;
        };
        RotateSigningKeyDto: {
            /**
             * @description Retire the current key at once instead of after the overlap (a compromised key): webhooks are signed with the new key only, from now on
             * @default false
             */
            immediate: boolean;
        };
        SandboxReceiveDto: {
            /**
             * @description A UMA address at SANDBOX_UMA_DOMAIN
             * @example $sam@sandbox.grid.uma.money
             */
            senderUmaAddress: string;
            /** @enum {string} */
            receivingCurrencyCode: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            /** @description Smallest unit */
            receivingCurrencyAmount: number;
            /** @description The recipient's UMA address; optional if customerId is given */
            receiverUmaAddress?: string;
            /** @description The recipient; optional if receiverUmaAddress is given */
            customerId?: string;
        };
        SandboxSendDto: {
            /** @description The REALTIME_FUNDING quote the payment is for */
            quoteId?: string;
            /** @description The quote's payment-instruction referenceCode (older form) */
            reference?: string;
            /** @enum {string} */
            currencyCode: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            /** @description Defaults to the quote's totalSendingAmount, which it must equal */
            currencyAmount?: number;
        };
        SigningKeysView: {
            /** @description PEM public key (ECDSA P-256) that verifies X-Grid-Signature */
            webhookPublicKey: string;
            /** @description During a rotation overlap: PEM public key that verifies X-Grid-Signature-Next, and signs alone after webhookKeyOverlapEndsAt */
            webhookNextPublicKey?: string;
            /**
             * Format: date-time
             * @description When the next key replaces the current one
             */
            webhookKeyOverlapEndsAt?: string;
        };
        SparkWalletInfoDto: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            accountType: "SPARK_WALLET";
            /** @example spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu */
            address: string;
        };
        SupportedCurrencyDto: {
            /**
             * @example USD
             * @enum {string}
             */
            currencyCode: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            /**
             * @description Smallest amount per payment, in the smallest unit of the currency
             * @example 100
             */
            minAmount: number;
            /**
             * @description Largest amount per payment, in the smallest unit of the currency
             * @example 1000000
             */
            maxAmount: number;
            /** @description What the platform needs to know about counterparties */
            requiredCounterpartyFields: components["schemas"]["CounterpartyFieldDto"][];
            /**
             * @default [
             *       "INCOMING",
             *       "OUTGOING"
             *     ]
             */
            enabledTransactionTypes: ("INCOMING" | "OUTGOING")[];
            readonly providerRequiredCustomerFields?: ("FULL_NAME" | "BIRTH_DATE" | "NATIONALITY" | "ADDRESS" | "PHONE_NUMBER" | "EMAIL" | "BUSINESS_NAME" | "TAX_ID")[];
            readonly providerRequiredCounterpartyCustomerFields?: ("FULL_NAME" | "BIRTH_DATE" | "NATIONALITY" | "ADDRESS" | "PHONE_NUMBER" | "EMAIL" | "BUSINESS_NAME" | "TAX_ID")[];
        };
        SupportedCurrencyView: {
            /** @example USD */
            currencyCode: string;
            /** @example 1 */
            minAmount: number;
            /** @example 100000000 */
            maxAmount: number;
            requiredCounterpartyFields: components["schemas"]["CounterpartyFieldDto"][];
            enabledTransactionTypes: ("INCOMING" | "OUTGOING")[];
            /** @description The provider's requirements for the platform's customers */
            providerRequiredCustomerFields: ("FULL_NAME" | "BIRTH_DATE" | "NATIONALITY" | "ADDRESS" | "PHONE_NUMBER" | "EMAIL" | "BUSINESS_NAME" | "TAX_ID")[];
            /** @description The provider's requirements for counterparties */
            providerRequiredCounterpartyCustomerFields: ("FULL_NAME" | "BIRTH_DATE" | "NATIONALITY" | "ADDRESS" | "PHONE_NUMBER" | "EMAIL" | "BUSINESS_NAME" | "TAX_ID")[];
        };
        TestWebhookResultView: {
            /** @example https://platform.example.com/webhooks */
            url: string;
            /** @example 200 */
            response_status: number;
            /**
             * @description Milliseconds from sending the webhook to the end of the answer
             * @example 84
             */
            latency_ms: number;
        };
        TokenPage: {
            data: components["schemas"]["TokenView"][];
            hasMore: boolean;
            nextCursor?: string;
            totalCount: number;
        };
        TokenView: {
            /** @example Token:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51 */
            id: string;
            /** @example Reporting service */
            name: string;
            /**
             * @example [
             *       "VIEW"
             *     ]
             */
            permissions: ("VIEW" | "TRANSACT" | "MANAGE")[];
            /**
             * @description The user name of HTTP Basic
             * @example 9f86d081884c7d659a2feaa0c55ad015
             */
            clientId: string;
            /**
             * @description The creator's: a token never crosses environments
             * @enum {string}
             */
            environment: "SANDBOX" | "PRODUCTION";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        TransactionDestinationView: {
            /** @enum {string} */
            destinationType: "ACCOUNT" | "UMA_ADDRESS";
            /** @example ExternalAccount:019542f5-b3e7-1d02-0000-000000000003 */
            accountId?: string;
            /**
             * @description For a payment to a UMA address
             * @example $success.mxn@sandbox.grid.uma.money
             */
            umaAddress?: string;
            /** @example USD */
            currency: string;
        };
        TransactionHistoryItemView: {
            /**
             * @description The status the transaction entered
             * @enum {string}
             */
            status: "CREATED" | "PENDING" | "PROCESSING" | "COMPLETED" | "REJECTED" | "FAILED" | "REFUNDED" | "EXPIRED";
            /**
             * @description The status it left; null for the creation
             * @enum {string|null}
             */
            previousStatus: "CREATED" | "PENDING" | "PROCESSING" | "COMPLETED" | "REJECTED" | "FAILED" | "REFUNDED" | "EXPIRED" | null;
            /**
             * Format: date-time
             * @description createdAt for the creation
             */
            at: string;
            /**
             * @description Why the status changed, in words
             * @example Funds reserved
             */
            reason?: string;
        };
        TransactionHistoryView: {
            /** @description Oldest first: the creation (CREATED), then every status change */
            data: components["schemas"]["TransactionHistoryItemView"][];
        };
        TransactionPage: {
            data: components["schemas"]["TransactionView"][];
            hasMore: boolean;
            nextCursor?: string;
            totalCount: number;
        };
        TransactionSourceView: {
            /** @enum {string} */
            sourceType: "ACCOUNT" | "REALTIME_FUNDING" | "UMA_ADDRESS";
            /** @example InternalAccount:019542f5-b3e7-1d02-0000-000000000002 */
            accountId?: string;
            /**
             * @description For a payment from a UMA address
             * @example $sender@sandbox.grid.uma.money
             */
            umaAddress?: string;
            /** @example USD */
            currency: string;
        };
        TransactionView: {
            /** @example Transaction:019542f5-b3e7-1d02-0000-000000000004 */
            id: string;
            /** @enum {string} */
            status: "CREATED" | "PENDING" | "PROCESSING" | "COMPLETED" | "REJECTED" | "FAILED" | "REFUNDED" | "EXPIRED";
            /** @enum {string} */
            type: "INCOMING" | "OUTGOING";
            source: components["schemas"]["TransactionSourceView"];
            destination: components["schemas"]["TransactionDestinationView"];
            /** @description Sender for outgoing, recipient for incoming; absent for platform accounts */
            customerId?: string;
            platformCustomerId?: string;
            /** @description In the sender's currency */
            sentAmount: components["schemas"]["CurrencyAmountView"];
            /** @description In the recipient's currency */
            receivedAmount: components["schemas"]["CurrencyAmountView"];
            /** @description Sending currency units per receiving currency unit */
            exchangeRate: number;
            rateDetails: components["schemas"]["RateDetailsView"];
            /** Format: date-time */
            settledAt?: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            description?: string;
            /** @description For every status but CREATED */
            reconciliationInstructions?: components["schemas"]["ReconciliationInstructionsView"];
            /**
             * @description What the other party of a UMA payment told about itself, by user-info field name
             * @example {
             *       "FULL_NAME": "Sam Sender"
             *     }
             */
            counterpartyInformation?: {
                [key: string]: string;
            };
            /** @enum {string} */
            failureReason?: "OFFRAMP_FAILED" | "PAYMENT_APPROVAL_TIMED_OUT" | "PAYMENT_APPROVAL_WEBHOOK_ERROR" | "MISSING_MANDATORY_PAYEE_DATA" | "PAY_REQUEST_FAILED";
            /** @description What the payment rail answered, for a failed or rejected transaction */
            failureDetail?: string;
            /**
             * @description For a transaction made from a quote
             * @example Quote:019542f5-b3e7-1d02-0000-000000000006
             */
            quoteId?: string;
        };
        TransferInDto: {
            source: components["schemas"]["ExternalAccountReferenceDto"];
            destination: components["schemas"]["InternalAccountReferenceDto"];
            /** @description Smallest unit of the currency */
            amount: number;
        };
        TransferOutDto: {
            source: components["schemas"]["InternalAccountReferenceDto"];
            destination: components["schemas"]["ExternalAccountReferenceDto"];
            /** @description Smallest unit of the currency */
            amount: number;
        };
        UmaDomainVerificationView: {
            /**
             * @description The name of the TXT record
             * @example _grid-uma-verify.pay.acme.com
             */
            recordName: string;
            /** @example grid-uma-verify=0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51 */
            token: string;
            /**
             * @description PENDING: production UMA requests on the domain are refused until it is verified
             * @enum {string}
             */
            status: "VERIFIED" | "PENDING";
        };
        UmaLookupView: {
            /**
             * @description For POST /quotes
             * @example Lookup:019542f5-b3e7-1d02-0000-000000000009
             */
            lookupId: string;
            /** @description The currency the estimates convert from */
            sendingCurrency: components["schemas"]["CurrencyView"];
            supportedCurrencies: components["schemas"]["ReceiverCurrencyView"][];
            /** @description What the quote must carry in senderCustomerInfo */
            requiredPayerDataFields: components["schemas"]["PayerDataFieldView"][];
            /** @example $receiver@sandbox.grid.uma.money */
            receiverUmaAddress: string;
        };
        UmaProviderPage: {
            data: components["schemas"]["UmaProviderView"][];
            hasMore: boolean;
            nextCursor?: string;
            totalCount: number;
        };
        UmaProviderView: {
            /** @example Grid Sandbox */
            name: string;
            /** @example sandbox.grid.uma.money */
            domain: string;
            /**
             * @example [
             *       "MX",
             *       "US"
             *     ]
             */
            supportedRegions: string[];
            supportedCurrencies: components["schemas"]["CurrencyView"][];
            logoUrl?: Record<string, never> | null;
            /** @description Legal Entity Identifier */
            lei?: Record<string, never> | null;
            /** @description Whether the platform may pay this provider */
            allowListStatus: boolean;
        };
        UpdateFeeRuleDto: {
            /**
             * @description In the smallest unit of USD (cents); charged by FIXED and HYBRID rules only
             * @example 30
             */
            fixedFee?: number;
            /**
             * @description Decimal rate on the sending amount (0.005 is 0.5%), at most 6 decimal places; charged by PERCENTAGE and HYBRID rules only
             * @example 0.0025
             */
            variableFeeRate?: number;
            /** @description false keeps the rule but stops it adding a fee to new quotes */
            enabled?: boolean;
        };
        UpdatePlatformConfigDto: {
            /** @example mycompany.com */
            umaDomain?: string;
            /**
             * @description null removes the endpoint
             * @example https://api.mycompany.com/webhooks
             */
            webhookEndpoint?: string | null;
            /** @description Replaces the whole list */
            supportedCurrencies?: components["schemas"]["SupportedCurrencyDto"][];
        };
        UpiAccountInfoDto: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            accountType: "UPI";
            beneficiary: components["schemas"]["BeneficiaryDto"] | components["schemas"]["BusinessBeneficiaryDto"];
            /**
             * @description Virtual payment address, name@handle
             * @example jane.doe@okbank
             */
            vpa: string;
        };
        UploadAcceptedView: {
            /** @example Job:019542f5-b3e7-1d02-0000-000000000006 */
            jobId: string;
            /**
             * @description PENDING, or FAILED for a file that is not readable CSV
             * @enum {string}
             */
            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
            /**
             * @description Columns of the file this service does not know; their values were dropped
             * @example [
             *       "internalNotes"
             *     ]
             */
            ignoredColumns: string[];
        };
        UsAccountInfoDto: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            accountType: "US_ACCOUNT";
            beneficiary: components["schemas"]["BeneficiaryDto"] | components["schemas"]["BusinessBeneficiaryDto"];
            /** @example Chase Bank */
            bankName?: string;
            /**
             * @description 4 to 17 digits
             * @example 123456789
             */
            accountNumber: string;
            /**
             * @description 9 digits with a valid ABA check digit
             * @example 021000021
             */
            routingNumber: string;
            /** @enum {string} */
            accountCategory: "CHECKING" | "SAVINGS";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    AuditLogController_list: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Opaque cursor from a previous page's nextCursor */
                cursor?: string;
                /** @description Only entries about this resource */
                resourceId?: string;
                /** @description Only writes made with this token */
                tokenId?: string;
                /** @description Inclusive */
                createdAfter?: string;
                /** @description Inclusive */
                createdBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntryPage"];
                };
            };
        };
    };
    PlatformConfigController_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformConfigView"];
                };
            };
            /** @description SERVICE_UNAVAILABLE: the webhook signing key cannot be read right now; nothing changed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PlatformConfigController_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePlatformConfigDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformConfigView"];
                };
            };
            /** @description INVALID_INPUT, with every bad field in details.errors */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CONFLICT: another platform uses the umaDomain, or live customers hold UMA addresses on the current one */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description SERVICE_UNAVAILABLE: the webhook signing key cannot be read right now; nothing changed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PlatformConfigController_verifyUmaDomain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformConfigView"];
                };
            };
            /** @description UMA_DOMAIN_NOT_VERIFIED: no TXT record reads the token yet */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description SERVICE_UNAVAILABLE: the webhook signing key cannot be read right now; nothing changed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CustomersController_list: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Opaque cursor from a previous page's nextCursor */
                cursor?: string;
                platformCustomerId?: string;
                customerType?: "INDIVIDUAL" | "BUSINESS";
                /** @description Compared without case */
                umaAddress?: string;
                /** @description Inclusive */
                createdAfter?: string;
                /** @description Inclusive */
                createdBefore?: string;
                /** @description Inclusive */
                updatedAfter?: string;
                /** @description Inclusive */
                updatedBefore?: string;
                isIncludingDeleted?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerPage"];
                };
            };
            /** @description INVALID_INPUT: a bad filter, limit or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CustomersController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateIndividualCustomerDto"] | components["schemas"]["CreateBusinessCustomerDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IndividualCustomerView"] | components["schemas"]["BusinessCustomerView"];
                };
            };
            /** @description INVALID_INPUT, with every bad field in details.errors; MISSING_MANDATORY_USER_INFO, naming what the platform's currencies require */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CONFLICT: a live customer has the platformCustomerId; UMA_ADDRESS_EXISTS: the UMA address is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CustomersController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IndividualCustomerView"] | components["schemas"]["BusinessCustomerView"];
                };
            };
            /** @description USER_NOT_FOUND, also for another platform's or environment's customer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CustomersController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IndividualCustomerView"] | components["schemas"]["BusinessCustomerView"];
                };
            };
            /** @description USER_NOT_FOUND, also for another platform's or environment's customer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CUSTOMER_DELETED: the customer was deleted and cannot change */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CustomersController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IndividualCustomerFieldsDto"] | components["schemas"]["BusinessCustomerFieldsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IndividualCustomerView"] | components["schemas"]["BusinessCustomerView"];
                };
            };
            /** @description INVALID_INPUT, with every bad field in details.errors; MISSING_MANDATORY_USER_INFO, naming what the platform's currencies require */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description USER_NOT_FOUND, also for another platform's or environment's customer */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CONFLICT: a live customer has the platformCustomerId; UMA_ADDRESS_EXISTS: the UMA address is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CUSTOMER_DELETED: the customer was deleted and cannot change */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UploadsController_upload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The CSV file
                     */
                    file: string;
                };
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadAcceptedView"];
                };
            };
            /** @description INVALID_INPUT: not multipart, no part "file", an empty file, a header without a required column (details.missingColumns), or a record longer than BULK_MAX_RECORD_BYTES or wider than BULK_MAX_COLUMNS (details.row) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REQUEST_TIMEOUT: nothing of the upload arrived for BULK_UPLOAD_IDLE_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description PAYLOAD_TOO_LARGE: more than BULK_MAX_ROWS rows or BULK_MAX_BYTES bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RATE_LIMITED: the platform already has BULK_MAX_CONCURRENT_UPLOADS_PER_PLATFORM uploads running */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ImportJobsController_list: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Opaque cursor from a previous page's nextCursor */
                cursor?: string;
                status?: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                /** @description Inclusive */
                createdAfter?: string;
                /** @description Inclusive */
                createdBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJobPage"];
                };
            };
            /** @description INVALID_INPUT: a bad status, date, limit or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ImportJobsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJobView"];
                };
            };
            /** @description BULK_UPLOAD_JOB_NOT_FOUND, also for another platform's or environment's job */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ExternalAccountsController_list: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Opaque cursor from a previous page's nextCursor */
                cursor?: string;
                currency?: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
                customerId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExternalAccountPage"];
                };
            };
            /** @description INVALID_INPUT: a bad filter, limit or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ExternalAccountsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateExternalAccountDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExternalAccountView"];
                };
            };
            /** @description INVALID_INPUT: a field missing, unknown, of the wrong type or outside its enum; INVALID_BANK_ACCOUNT: an account identifier with a bad format, length or check digit. Both list every bad field in details.errors */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description USER_NOT_FOUND: no live customer has customerId (another platform's or environment's included) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InternalAccountsController_list: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Opaque cursor from a previous page's nextCursor */
                cursor?: string;
                /** @description System id of the owning customer */
                customerId?: string;
                currency?: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalAccountPage"];
                };
            };
            /** @description INVALID_INPUT: a bad currency, limit or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    KycLinksController_createLink: {
        parameters: {
            query: {
                /** @description The platform's own id of the customer the page will create */
                platformCustomerId: string;
                /** @description Where the end customer is redirected (303) after submitting the page */
                redirectUri?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KycLinkView"];
                };
            };
            /** @description INVALID_INPUT: platformCustomerId missing, or redirectUri not an http(s) URL */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ExchangeRatesController_list: {
        parameters: {
            query?: {
                /** @description Default: every currency the platform pays out from */
                sourceCurrency?: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
                /** @description Repeatable; default: every other currency */
                destinationCurrency?: ("USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC")[];
                /** @description Smallest unit of the source currency */
                sendingAmount?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExchangeRateList"];
                };
            };
            /** @description INVALID_INPUT; AMOUNT_OUT_OF_RANGE: the fees take the whole sending amount */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FeeRulesController_list: {
        parameters: {
            query?: {
                transactionType?: "TRANSFER_IN" | "TRANSFER_OUT" | "RAMP_ON" | "RAMP_OFF" | "CROSS_BORDER_PAYOUT";
                /** @description true for enabled rules only, false for disabled ones only */
                enabled?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeeRuleList"];
                };
            };
            /** @description INVALID_INPUT: a bad filter */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FeeRulesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateFeeRuleDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeeRuleView"];
                };
            };
            /** @description INVALID_INPUT, with every bad field in details.errors: a missing or uncharged component, a value out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN: changing fee rules needs the MANAGE permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FEE_RULE_EXISTS: the transaction type already has a rule */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FeeRulesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feeRuleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeeRuleView"];
                };
            };
            /** @description FEE_RULE_NOT_FOUND, also for another platform's or environment's rule */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FeeRulesController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feeRuleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN: changing fee rules needs the MANAGE permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FEE_RULE_NOT_FOUND, also for another platform's or environment's rule */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FeeRulesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feeRuleId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateFeeRuleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeeRuleView"];
                };
            };
            /** @description INVALID_INPUT, with every bad field in details.errors: a missing or uncharged component, a value out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN: changing fee rules needs the MANAGE permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FEE_RULE_NOT_FOUND, also for another platform's or environment's rule */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InvitationsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInvitationDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationView"];
                };
            };
            /** @description INVALID_INPUT naming every bad field; INVALID_CURRENCY or AMOUNT_OUT_OF_RANGE for amountToSend against the platform's supportedCurrencies */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description USER_NOT_FOUND: no live customer of the platform has inviterUma */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InvitationsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationCode: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationView"];
                };
            };
            /** @description INVITATION_NOT_FOUND, also for another platform's or environment's code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InvitationsController_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationCode: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationView"];
                };
            };
            /** @description INVITATION_NOT_FOUND, also for another platform's or environment's code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CONFLICT: the invitation is no longer PENDING (claimed, cancelled or expired); details.status says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InvitationsController_claim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationCode: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimInvitationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationView"];
                };
            };
            /** @description INVALID_INPUT: inviteeUma missing, malformed or the inviter's own */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVITATION_NOT_FOUND, also for another platform's or environment's code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CONFLICT: the invitation is no longer PENDING (claimed, cancelled or expired); details.status says which */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    LedgerPostingsController_list: {
        parameters: {
            query: {
                /** @description The transaction whose postings are listed */
                transactionId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerPostingList"];
                };
            };
            /** @description INVALID_INPUT: transactionId missing or not a Transaction:<uuid> */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PlaidController_callback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                linkToken: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlaidCallbackDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExternalAccountView"];
                };
            };
            /** @description NOT_FOUND: the link token is unknown or expired */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CONFLICT: the link token was already used */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PlaidController_createLinkToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateLinkTokenDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkTokenView"];
                };
            };
            /** @description USER_NOT_FOUND: no live customer has customerId */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ExternalAccountsController_listForPlatform: {
        parameters: {
            query?: {
                currency?: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExternalAccountPage"];
                };
            };
            /** @description INVALID_INPUT: a bad filter, limit or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ExternalAccountsController_createForPlatform: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePlatformExternalAccountDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExternalAccountView"];
                };
            };
            /** @description INVALID_INPUT: a field missing, unknown, of the wrong type or outside its enum; INVALID_BANK_ACCOUNT: an account identifier with a bad format, length or check digit. Both list every bad field in details.errors */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InternalAccountsController_listPlatform: {
        parameters: {
            query?: {
                currency?: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalAccountPage"];
                };
            };
            /** @description INVALID_INPUT: a bad currency */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    QuotesController_list: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Opaque cursor from a previous page's nextCursor */
                cursor?: string;
                /** @description The sending customer */
                customerId?: string;
                sendingAccountId?: string;
                receivingAccountId?: string;
                sendingUmaAddress?: string;
                receivingUmaAddress?: string;
                status?: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "EXPIRED";
                /** @description Inclusive */
                createdAfter?: string;
                /** @description Inclusive */
                createdBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuotePage"];
                };
            };
        };
    };
    QuotesController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description The same key again returns the first response, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateQuoteDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteView"];
                };
            };
            /** @description INVALID_INPUT (every bad field; same-currency requests, which use transfer-in/out); AMOUNT_OUT_OF_RANGE; INVALID_CURRENCY */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ACCOUNT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ACCOUNT_NOT_ACTIVE; INSUFFICIENT_BALANCE with immediatelyExecute */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    QuotesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                quoteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteView"];
                };
            };
            /** @description QUOTE_NOT_FOUND, also for another platform's or environment's quote */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    QuotesController_execute: {
        parameters: {
            query?: never;
            header?: {
                /** @description The same key again returns the first response, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path: {
                quoteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuoteView"];
                };
            };
            /** @description QUOTE_NOT_FOUND, also for another platform's or environment's quote */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description QUOTE_EXPIRED (after expiresAt); QUOTE_NOT_PENDING */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INSUFFICIENT_BALANCE (the quote stays PENDING); ACCOUNT_NOT_ACTIVE */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ReceiversController_lookupExternalAccount: {
        parameters: {
            query?: {
                /** @description The sending customer (optional if senderUmaAddress is given) */
                customerId?: string;
                /** @description The sender's UMA address (optional if customerId is given) */
                senderUmaAddress?: string;
                /** @description The currency the estimates convert from; defaults to the platform's first currency enabled for outgoing payments */
                sendingCurrency?: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            };
            header?: never;
            path: {
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExternalAccountLookupView"];
                };
            };
            /** @description INVALID_INPUT (no customerId or senderUmaAddress) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ACCOUNT_NOT_FOUND, also for another platform's account; USER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ReceiversController_lookupUma: {
        parameters: {
            query?: {
                /** @description The sending customer (optional if senderUmaAddress is given) */
                customerId?: string;
                /** @description The sender's UMA address (optional if customerId is given) */
                senderUmaAddress?: string;
                /** @description The currency the estimates convert from; defaults to the platform's first currency enabled for outgoing payments */
                sendingCurrency?: "USD" | "EUR" | "GBP" | "CAD" | "MXN" | "BRL" | "INR" | "PHP" | "NGN" | "KES" | "BTC";
            };
            header?: never;
            path: {
                receiverUmaAddress: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UmaLookupView"];
                };
            };
            /** @description INVALID_UMA_ADDRESS; INVALID_INPUT (no customerId or senderUmaAddress) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description USER_NOT_FOUND (customerId) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description LNURLP_REQUEST_FAILED: the receiver could not be looked up (only sandbox receivers are reachable yet) */
            424: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BalancesReportController_report: {
        parameters: {
            query: {
                /** @description Page size */
                limit?: number;
                /** @description Opaque cursor from a previous page's nextCursor */
                cursor?: string;
                /** @description The UTC day reported */
                date: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalancesReportPage"];
                };
            };
            /** @description INVALID_INPUT: a missing or malformed date, limit or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransactionsExportController_export: {
        parameters: {
            query: {
                /** @description Start of the window, inclusive */
                startDate: string;
                /** @description End of the window, exclusive; at most 31 days after startDate */
                endDate: string;
                format?: "csv" | "jsonl";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One line per transaction; columns in docs/api.md, "Reports" */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/x-ndjson": string;
                };
            };
            /** @description INVALID_INPUT: a missing or malformed date, a window over 31 days */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description RATE_LIMITED: too many exports running; retry after Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SandboxFundingController_fund: {
        parameters: {
            query?: never;
            header?: {
                /** @description The same key again returns the first response, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path: {
                accountId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FundAccountDto"];
            };
        };
        responses: {
            /** @description The internal account with the amount credited; an INCOMING transaction records it, COMPLETED */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalAccountView"];
                };
            };
            /** @description FORBIDDEN with production credentials */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ACCOUNT_NOT_FOUND, also for another platform's or environment's account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    QuotesController_send: {
        parameters: {
            query?: never;
            header?: {
                /** @description The same key again returns the first response, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxSendDto"];
            };
        };
        responses: {
            /** @description The OUTGOING transaction the quote made */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionView"];
                };
            };
            /** @description INVALID_CURRENCY; INVALID_AMOUNT: not the quote total */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description QUOTE_NOT_FOUND; REFERENCE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description QUOTE_EXPIRED; QUOTE_NOT_PENDING */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SandboxUmaController_receive: {
        parameters: {
            query?: never;
            header?: {
                /** @description The same key again returns the first response, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxReceiveDto"];
            };
        };
        responses: {
            /** @description The INCOMING transaction, PENDING */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionView"];
                };
            };
            /** @description INVALID_INPUT; INVALID_UMA_ADDRESS (sender not at SANDBOX_UMA_DOMAIN); INVALID_CURRENCY (not received by the platform); AMOUNT_OUT_OF_RANGE */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN with production credentials */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description USER_NOT_FOUND: no live customer with that id or UMA address */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TokensController_list: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Opaque cursor from a previous page's nextCursor */
                cursor?: string;
                name?: string;
                clientId?: string;
                /** @description Inclusive */
                createdAfter?: string;
                /** @description Inclusive */
                createdBefore?: string;
                /** @description Inclusive */
                updatedAfter?: string;
                /** @description Inclusive */
                updatedBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPage"];
                };
            };
        };
    };
    TokensController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTokenDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedTokenView"];
                };
            };
            /** @description FORBIDDEN: a permission the calling token does not hold */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TokensController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenView"];
                };
            };
            /** @description TOKEN_NOT_FOUND, also for a deleted token or another platform's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TokensController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description TOKEN_NOT_FOUND, also for a deleted token or another platform's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransactionsController_list: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Opaque cursor from a previous page's nextCursor */
                cursor?: string;
                sortOrder?: "asc" | "desc";
                /** @description System id of the customer (sender of outgoing, recipient of incoming) */
                customerId?: string;
                /** @description The platform's own id of that customer */
                platformCustomerId?: string;
                /** @description Id of the account the money comes from */
                senderAccountIdentifier?: string;
                /** @description Id of the account the money goes to */
                receiverAccountIdentifier?: string;
                status?: "CREATED" | "PENDING" | "PROCESSING" | "COMPLETED" | "REJECTED" | "FAILED" | "REFUNDED" | "EXPIRED";
                type?: "INCOMING" | "OUTGOING";
                /** @description The reconciliation reference */
                reference?: string;
                /** @description Inclusive */
                startDate?: string;
                /** @description Inclusive */
                endDate?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionPage"];
                };
            };
            /** @description INVALID_INPUT: a bad filter, limit or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransactionsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transactionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionView"];
                };
            };
            /** @description TRANSACTION_NOT_FOUND, also for another platform's or environment's transaction */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ApprovalsController_approve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transactionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApprovePaymentDto"];
            };
        };
        responses: {
            /** @description The transaction, PROCESSING until the money lands */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionView"];
                };
            };
            /** @description MISSING_MANDATORY_USER_INFO naming the mandatory requested fields absent */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description TRANSACTION_NOT_FOUND, also for another platform's or environment's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: the transaction awaits no approval (decided, or not an incoming payment) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransactionsController_history: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transactionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionHistoryView"];
                };
            };
            /** @description TRANSACTION_NOT_FOUND, also for another platform's or environment's transaction */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ApprovalsController_reject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transactionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RejectPaymentDto"];
            };
        };
        responses: {
            /** @description The transaction, REJECTED */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionView"];
                };
            };
            /** @description TRANSACTION_NOT_FOUND, also for another platform's or environment's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: the transaction awaits no approval (decided, or not an incoming payment) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransfersController_transferIn: {
        parameters: {
            query?: never;
            header?: {
                /** @description The same key again returns the first response, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransferInDto"];
            };
        };
        responses: {
            /** @description The INCOMING transaction, PENDING until the rail settles */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionView"];
                };
            };
            /** @description INVALID_INPUT (every bad field; accounts of different owners); INVALID_CURRENCY: the accounts hold different currencies */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ACCOUNT_NOT_FOUND, also for another platform's or environment's account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description TRANSFER_IN_NOT_SUPPORTED: the source cannot be pulled from; ACCOUNT_NOT_ACTIVE */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TransfersController_transferOut: {
        parameters: {
            query?: never;
            header?: {
                /** @description The same key again returns the first response, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransferOutDto"];
            };
        };
        responses: {
            /** @description The OUTGOING transaction, PENDING until the rail settles */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionView"];
                };
            };
            /** @description INVALID_INPUT (every bad field; accounts of different owners); INVALID_CURRENCY: the accounts hold different currencies */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ACCOUNT_NOT_FOUND, also for another platform's or environment's account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INSUFFICIENT_BALANCE (nothing is created); ACCOUNT_NOT_ACTIVE: the destination is not ACTIVE */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UmaProvidersController_list: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Opaque cursor from a previous page's nextCursor */
                cursor?: string;
                sortOrder?: "asc" | "desc";
                /** @description ISO 3166-1 alpha-2 code of a region the provider serves */
                countryCode?: string;
                /** @description ISO 4217 code of a currency the provider supports */
                currencyCode?: string;
                /** @description false leaves out providers not on the allow list */
                hasBlockedProviders?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UmaProviderPage"];
                };
            };
            /** @description INVALID_INPUT: a bad filter, limit or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeliveryLogController_list: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Opaque cursor from a previous page's nextCursor */
                cursor?: string;
                status?: "PENDING" | "DELIVERED" | "FAILED";
                type?: "INCOMING_PAYMENT" | "OUTGOING_PAYMENT" | "KYC_STATUS" | "BULK_UPLOAD" | "INVITATION_CLAIMED" | "ACCOUNT_STATUS" | "TEST";
                /** @description The payment webhooks of one transaction */
                transactionId?: string;
                /** @description Inclusive */
                createdAfter?: string;
                /** @description Inclusive */
                createdBefore?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPage"];
                };
            };
            /** @description INVALID_INPUT: a bad filter, limit or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeliveryLogController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryDetailView"];
                };
            };
            /** @description NOT_FOUND: no such webhook, also for another platform's or environment's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeliveryLogController_redeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued; the answer has no body */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description WEBHOOK_ENDPOINT_NOT_SET: redelivery needs a webhookEndpoint */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOT_FOUND: no such webhook, also for another platform's or environment's */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CONFLICT: the webhook is PENDING (still being sent), or is an approval request (sent once) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeliveryLogController_redeliverAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RedeliverFilterDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedeliveryCountView"];
                };
            };
            /** @description INVALID_INPUT: no filter or a bad one; WEBHOOK_ENDPOINT_NOT_SET: redelivery needs a webhookEndpoint */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SigningKeyController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateSigningKeyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningKeysView"];
                };
            };
            /** @description INVALID_INPUT: the body is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CONFLICT: a rotation is already under way (rotate with immediate to end it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    TestWebhookController_test: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint answered, with any status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestWebhookResultView"];
                };
            };
            /** @description WEBHOOK_ENDPOINT_NOT_SET: no webhookEndpoint is configured; WEBHOOK_DELIVERY_ERROR: no answer, with the kind of failure (EGRESS_REFUSED, TIMEOUT, CONNECTION_FAILED, TLS_FAILED, INVALID_RESPONSE) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
