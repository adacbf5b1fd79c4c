#include "livekey.h"

#include <QObject>
#include <qt6keychain/keychain.h>

namespace sense7::livekey {

namespace {

const QString service = QStringLiteral("Sense-7 Studio");

} // namespace

QString keychainKey(const QString &studyKey)
{
    return QStringLiteral("live-api-key/") + studyKey;
}

void read(const QString &studyKey, QObject *context,
          const std::function<void(const QString &, const QString &)> &done)
{
    auto *job = new QKeychain::ReadPasswordJob(service, context);
    job->setKey(keychainKey(studyKey));
    QObject::connect(job, &QKeychain::Job::finished, context, [job, done] {
        if (job->error() == QKeychain::NoError)
            done(job->textData(), QString());
        else if (job->error() == QKeychain::EntryNotFound)
            done(QString(), QString());
        else
            done(QString(), job->errorString());
    });
    job->start();
}

void write(const QString &studyKey, const QString &key, QObject *context,
           const std::function<void(const QString &)> &done)
{
    QKeychain::Job *job = nullptr;
    if (key.isEmpty()) {
        job = new QKeychain::DeletePasswordJob(service, context);
    } else {
        auto *writing = new QKeychain::WritePasswordJob(service, context);
        writing->setTextData(key);
        job = writing;
    }
    job->setKey(keychainKey(studyKey));
    QObject::connect(job, &QKeychain::Job::finished, context, [job, key, done] {
        const bool gone = key.isEmpty() && job->error() == QKeychain::EntryNotFound;
        done(job->error() == QKeychain::NoError || gone ? QString() : job->errorString());
    });
    job->start();
}

} // namespace sense7::livekey
