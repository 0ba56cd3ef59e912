import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ListCountsWorker } from '@payments/persistence';
import { Customer } from '@customers/customers/customer.entity';
import { CustomersController } from '@customers/customers/customers.controller';
import { CustomerList } from '@customers/customers/customer-list';
import { CustomersService } from '@customers/customers/customers.service';
import { InternalCustomersController } from '@customers/customers/internal-customers.controller';
import { PlatformsModule } from '@customers/platforms/platforms.module';

@Module({
  imports: [TypeOrmModule.forFeature([Customer]), PlatformsModule],
  controllers: [CustomersController, InternalCustomersController],
  providers: [CustomersService, CustomerList, ListCountsWorker],
  exports: [CustomersService],
})
export class CustomersModule {}
