//! The answer to a method a server does not serve, without its name.

use rmcp::model::{ErrorCode, ErrorData};

/// The answer to a method the server does not serve, without its name:
/// rmcp's default `ServerHandler::on_custom_request` puts the method, which
/// the caller chose, in its `-32601`'s message. A server that cares writes
///
/// ```
/// use rmcp::model::{CustomRequest, CustomResult, ErrorData};
/// use rmcp::{service::RequestContext, RoleServer, ServerHandler};
///
/// struct Server;
/// impl ServerHandler for Server {
///     async fn on_custom_request(&self, _: CustomRequest, _: RequestContext<RoleServer>) -> Result<CustomResult, ErrorData> {
///         Err(mcp_boundary::rmcp::method_not_found())
///     }
/// }
/// ```
#[must_use]
pub fn method_not_found() -> ErrorData {
    ErrorData::new(ErrorCode::METHOD_NOT_FOUND, crate::refusal_message(-32601), None)
}
