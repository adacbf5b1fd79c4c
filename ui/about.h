#pragma once

#include <QString>

namespace sense7::about {

/** Rich text for Help ▸ About: version, licence and the third-party components with theirs. */
QString text();

} // namespace sense7::about
