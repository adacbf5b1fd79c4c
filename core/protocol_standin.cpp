// A stand-in for protocol::parse() and protocol::load() until the protocol loader lands in
// core/protocol.cpp: it reads the top-level items, the instruments (each in the taxonomy format)
// and the forms, so that File ▸ New study… can open protocol files. Delete this file when
// core/protocol.cpp defines parse() and load().

#include "error.h"
#include "jsonsource.h"
#include "protocol.h"

#include <QFile>
#include <QFileInfo>

namespace sense7::protocol {

using json::Json;
using json::Reader;

Protocol parse(const QByteArray &data, const QString &source)
{
    const Json root = json::parse(data, source);
    const Reader r(root, source);
    Protocol p;
    p.key = r.string("key");
    p.name = r.string("name");
    p.version = r.optionalString("version", QStringLiteral("1"));
    p.description = r.optionalString("description");
    p.consent = r.optionalString("consent");
    p.sharing = r.optionalBool("sharing", true);
    p.translations = r.translations(
        {QStringLiteral("name"), QStringLiteral("description"), QStringLiteral("consent")});
    int position = 0;
    for (const Json &node : r.array("instruments")) {
        ++position;
        const QString where = Reader::tr("%1: instrument %2").arg(source).arg(position);
        if (!node.is_object())
            throw Error(Reader::tr("%1 must be an object").arg(where));
        p.instruments.append(taxonomy::parse(QByteArray::fromStdString(node.dump()), where));
    }
    if (const Json *forms = r.optionalObject("forms")) {
        const Reader f(*forms, source + Reader::tr(": forms"));
        for (const auto &[name, form] :
             {std::pair {"context", &p.context}, std::pair {"profile", &p.profile}}) {
            if (const Json *node = f.optionalObject(name))
                *form = forms::parse(QByteArray::fromStdString(node->dump()),
                                     Reader::tr("%1: %2 form").arg(source, QLatin1String(name)));
        }
    }
    p.definition = data;
    return p;
}

Protocol load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw Error(Reader::tr("Cannot read %1: %2").arg(path, file.errorString()));
    return parse(file.readAll(), QFileInfo(path).fileName());
}

} // namespace sense7::protocol
