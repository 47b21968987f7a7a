import HTTPTypes
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with WebSocket upgrades, behind a gate that answers a WebSocket
/// handshake for another host or from another site's page with 403 before the upgrade is tried
/// (hummingbird-websocket answers every refused upgrade with 400, naming nothing). Every other
/// request goes through as it came, to `SameOrigin` in the router.
struct OriginGate: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let inner: HTTP1WebSocketUpgradeChannel
    let origin: SameOrigin

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let upgrader = try channel.pipeline.syncOperations
                .context(handlerType: NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>.self)
            try channel.pipeline.syncOperations.addHandler(Gatekeeper(origin: origin), position: .before(upgrader.handler))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async { await inner.handle(value: value, logger: logger) }

    /// Looks at the connection's first request: an upgrade the gate refuses gets 403 and the
    /// connection closes; anything else passes, and the keeper leaves the pipeline.
    final class Gatekeeper: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias InboundOut = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let origin: SameOrigin
        private var refused = false

        init(origin: SameOrigin) { self.origin = origin }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !refused else { return }  // the refused request's body
            guard case .head(let head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
            let upgrade = head.headers["upgrade"].contains { $0.lowercased() == "websocket" }
            if upgrade, let reason = origin.refusal(host: head.headers["host"].first ?? "", origin: head.headers["origin"].first) {
                refused = true
                let body = Array(reason.utf8)
                var headers = HTTPHeaders([("content-type", "text/plain; charset=utf-8"), ("connection", "close")])
                headers.add(name: "content-length", value: String(body.count))
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .forbidden, headers: headers))),
                              promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
                return
            }
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}
